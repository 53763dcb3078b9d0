RegisterCommand('le_tickloop', () => { const f = () => process.nextTick(f); f(); }, false);
