-- cancels some messages, as a chat filter does
AddEventHandler('msg', function(author, text)
  if text:find('bad') then CancelEvent() end
end)
