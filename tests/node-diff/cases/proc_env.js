// process.env is an object of strings; unknown keys are undefined.
console.log(typeof process.env, typeof process.env.PATH);
console.log(typeof process.env.WEFT_SURELY_NOT_SET_XYZ);
console.log('WEFT_SURELY_NOT_SET_XYZ' in process.env);
