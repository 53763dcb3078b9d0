-- eu-2, Lua: the same durable consumer of shop:order as orders/server.js
-- (its own consumer: every event reaches both), and shop:audit made durable
-- by weft_clusterDurableEvents in server.cfg (a plain RegisterClusterEvent).
local got = {}
RegisterClusterEvent('shop:order', { durable = true })
AddEventHandler('shop:order', function(order)
  local info = GetClusterEventInfo()
  if info.id:sub(1, 6) == 'poison' then
    got[#got + 1] = ('%s#%d'):format(info.id, info.delivery)
    error('cannot handle ' .. info.id)
  end
  if info.id:sub(1, 4) == 'fail' and info.delivery == 1 then error('failing ' .. info.id .. ' once') end
  got[#got + 1] = ('%s#%d:%s:%s:%d'):format(info.id, info.delivery, info.origin, source, order.n)
end)
RegisterClusterEvent('shop:audit')
AddEventHandler('shop:audit', function(a)
  local info = GetClusterEventInfo()
  got[#got + 1] = ('audit#%d:%s:%d'):format(info.delivery, tostring(info.durable), a.n)
end)
ProvideClusterExports()
exports('received', function() return got end)
exports('reset', function() got = {} end)
