-- cluster.lua: the cluster's Lua sugar over its natives (docs/cluster.md):
-- ClusterExports(server, resource[, {timeout = ms}]):name(...) -> promise
-- (Citizen.Await), ClusterState and ClusterLease.
function ClusterExports(server, resource, opts)
  local timeout = type(opts) == 'table' and opts.timeout or nil
  return setmetatable({}, { __index = function(_, name)
    return function(_, ...)
      return WeftClusterCall(server, resource, name, timeout, { ... })
    end
  end })
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
