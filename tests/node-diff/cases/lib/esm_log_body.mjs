console.log('esm_log_body evaluated');
