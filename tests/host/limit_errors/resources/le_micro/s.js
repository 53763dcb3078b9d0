RegisterCommand('le_microloop', () => { const f = () => queueMicrotask(f); f(); }, false);
