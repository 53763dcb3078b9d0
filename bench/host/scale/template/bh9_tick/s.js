setTick(() => {});
