// chatroom: serves the chat page at http://HOST:PORT/chatroom/ (SetHttpHandler),
// relays what players say (net event chat:send -> chat:message to everyone, -1)
// and keeps everyone's list of who is online (playerJoining / playerDropped).
// The Lua resource chatlog stores the messages in the database and sends the
// history to whoever joins.
const { page } = require('./page.js');

function online() {
  return GetPlayers().map((id) => ({ id: Number(id), name: GetPlayerName(id) }));
}

on('playerJoining', () => {
  const name = GetPlayerName(source);
  emitNet('chat:online', -1, online());
  emitNet('chat:message', -1, 0, '*', `${name} joined`);
});

on('playerDropped', (reason) => {
  const name = GetPlayerName(source);
  // the player is still listed while playerDropped runs: leave it out
  const gone = Number(source);
  emitNet('chat:online', -1, online().filter((p) => p.id !== gone));
  emitNet('chat:message', -1, 0, '*', `${name} left (${reason})`);
});

onNet('chat:send', (text) => {
  if (typeof text !== 'string') return;
  text = text.trim().slice(0, 200);
  if (!text) return;
  const from = Number(source);
  const name = GetPlayerName(source);
  emitNet('chat:message', -1, from, name, text);
  emit('chatroom:said', name, text); // chatlog (Lua) stores it
});

// The demo test's browsers report what they saw; printed for the test to check.
onNet('chat:seen', (what) => {
  console.log(`${GetPlayerName(source)} saw: ${String(what).slice(0, 300)}`);
});

SetHttpHandler((req, res) => {
  if (req.method === 'GET' && (req.path === '/' || req.path.startsWith('/?'))) {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.send(page);
  } else {
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.send('not found');
  }
});
