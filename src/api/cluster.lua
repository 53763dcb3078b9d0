-- weft:lazy ClusterExports TriggerClusterEvent ClusterState ClusterLease
-- cluster.lua (lazy prelude): the cluster's Lua sugar over its natives (docs/cluster.md): ClusterExports(server,
-- resource[, {timeout = ms}]):name(...) -> promise (Citizen.Await), TriggerClusterEvent (durable for
-- weft_clusterDurableEvents), ClusterState and ClusterLease.
function ClusterExports(server, resource, opts)
  local timeout = type(opts) == 'table' and opts.timeout or nil
  return setmetatable({}, { __index = function(_, name)
    return function(_, ...)
      return WeftClusterCall(server, resource, name, timeout, { ... })
    end
  end })
end
-- set weft_clusterDurableEvents "a,b": those names are sent durably
local coreTrigger = TriggerClusterEvent
local durable
function TriggerClusterEvent(name, ...)
  if not durable then
    durable = {}
    for _, n in ipairs(WeftClusterDurableNames()) do durable[n] = true end
  end
  if durable[name] then return TriggerDurableClusterEvent(name, nil, ...) end
  return coreTrigger(name, ...)
end
local watchN = 0
ClusterState = {
  get = function(key) return WeftClusterStateGet(key) end,
  set = function(key, value, revision) return WeftClusterStateSet(key, value, revision) end,
  delete = function(key) return WeftClusterStateDelete(key) end,
  watch = function(pattern, fn)
    watchN = watchN + 1
    local ev = ('__weft:clusterState:%s:%d'):format(GetCurrentResourceName(), watchN)
    AddEventHandler(ev, fn)
    return WeftClusterStateWatch(tostring(pattern), ev)
  end,
  unwatch = function(id) return WeftClusterStateUnwatch(id) end,
}
ClusterLease = {
  acquire = function(name) return WeftClusterLeaseAcquire(name) end,
  release = function(name) return WeftClusterLeaseRelease(name) end,
  owner = function(name) return WeftClusterLeaseOwner(name) end,
}
