// a JS resource hooking the same chat
exports.chat.registerMessageHook((source, outMessage, hookRef) => {
  const text = outMessage.args[outMessage.args.length - 1];
  if (text.startsWith('js ')) hookRef.updateMessage({ args: [...outMessage.args.slice(0, -1), `[JS] ${text}`] });
});
on('chatMessage', (source, name, message) => {
  console.log(`logger: ${name} (source ${source}) said "${message}"`);
});
