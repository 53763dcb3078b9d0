-- Handlers run in registration order; their sync parts all run before any
-- continuation; scripts of one resource share globals.
shared = 'from a.lua'
AddEventHandler('ev:order', function(tag)
  print('lua 1 sync', tag, GetInvokingResource())
  -- two frames: the first may be due at once, the second is a frame later,
  -- so handler 3's SetTimeout(0) continuation always comes first
  Wait(0)
  Wait(0)
  print('lua 1 continuation (next frame)', tag)
  TriggerEvent(tag == 'A' and 'ev:next' or 'ev:finish')
end)
local h2 = AddEventHandler('ev:order', function(tag)
  print('lua 2 (removed, never runs)', tag)
end)
AddEventHandler('ev:order', function(tag)
  print('lua 3 sync', tag)
  local p = promise.new()
  SetTimeout(0, function() p:resolve('settled') end)
  print('lua 3 continuation', tag, Citizen.Await(p))
end)
RemoveEventHandler(h2)
print('handler ref:', type(h2), h2.name, math.type(h2.key))
