exports('spin', () => { for (;;) {} });
