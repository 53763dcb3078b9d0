-- hooks the chat, as filter/colour resources do
exports.chat:registerMessageHook(function(source, outMessage, hookRef)
  local text = outMessage.args[#outMessage.args]
  if text:find('badword', 1, true) then
    hookRef.cancel()
    return
  end
  if text:sub(1, 5) == 'shout' then
    local args = outMessage.args
    args[#args] = text:upper()
    hookRef.updateMessage({ args = args, color = { 255, 0, 0 } })
  end
end)

-- commands are not chat: cancel them (as the real chat's command path does)
AddEventHandler('chatMessage', function(source, name, message)
  if message:sub(1, 1) == '/' then CancelEvent() end
end)
