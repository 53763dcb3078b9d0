// A static import of a missing file fails before any module body runs.
import './lib/esm_log_body.mjs';
import './lib/does-not-exist.mjs';
console.log('not reached');
