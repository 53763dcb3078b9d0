// Nested objects that do not fit are broken with increasing indentation.
console.log({
  user: { name: 'alice', email: 'alice@example.com', roles: ['admin', 'dev'] },
  settings: { theme: 'dark', notifications: { email: true, sms: false } },
});
