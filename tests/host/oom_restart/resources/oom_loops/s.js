RegisterCommand('oom_chain', () => { const f = () => Promise.resolve().then(f); f(); }, false);
