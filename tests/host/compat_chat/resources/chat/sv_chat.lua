RegisterServerEvent('chat:init')
RegisterServerEvent('chat:addTemplate')
RegisterServerEvent('chat:addMessage')
RegisterServerEvent('chat:addSuggestion')
RegisterServerEvent('_chat:messageEntered')

local hooks = {}
local hookIdx = 1

exports('registerMessageHook', function(hook)
  local resource = GetInvokingResource()
  hooks[hookIdx + 1] = { fn = hook, resource = resource }
  hookIdx += 1
  return hookIdx
end)

AddEventHandler('onResourceStop', function(resource)
  for k, v in pairs(hooks) do
    if v.resource == resource then hooks[k] = nil end
  end
end)

local function routeMessage(source, author, message, mode, fromConsole)
  if source >= 1 then author = author end
  local outMessage = { color = { 255, 255, 255 }, multiline = true, args = { message }, mode = mode }
  if author ~= '' then table.insert(outMessage.args, 1, author) end

  local routingTarget = -1
  local hookRef = {
    updateMessage = function(t)
      for k, v in pairs(t) do outMessage[k] = v end
    end,
    cancel = function() outMessage.__cancel = true end,
    setRouting = function(target) routingTarget = target end,
  }

  local ids = {}
  for k in pairs(hooks) do ids[#ids + 1] = k end
  table.sort(ids)
  for _, k in ipairs(ids) do
    local hook = hooks[k]
    if hook then
      local ok, err = pcall(hook.fn, source, outMessage, hookRef)
      if not ok then print('^1chat: hook from ' .. hook.resource .. ' failed: ' .. tostring(err) .. '^7') end
    end
  end

  if outMessage.__cancel then
    print(('chat: a hook canceled %s\'s message'):format(author))
    return
  end

  if not fromConsole then
    TriggerEvent('chatMessage', source, #outMessage.args > 1 and outMessage.args[1] or '', outMessage.args[#outMessage.args])
    if WasEventCanceled() then
      print(('chat: chatMessage from %s was canceled'):format(author))
      return
    end
  end

  TriggerClientEvent('chat:addMessage', routingTarget, outMessage)
  print(table.concat(outMessage.args, '^7: ') .. '^7')
end

AddEventHandler('_chat:messageEntered', function(author, color, message, mode)
  if not message or not author then return end
  routeMessage(source, author, message, mode)
end)

AddEventHandler('chat:serverBroadcast', function(message)
  routeMessage(0, '', message, 'all', true)
end)

exports('addMessage', function(target, message)
  TriggerClientEvent('chat:addMessage', target, message)
end)
