const gen = GetConvarInt('rs_gen', 1);
exports('version', () => `provider generation ${gen}`);
