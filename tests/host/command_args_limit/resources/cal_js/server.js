RegisterCommand('cal_spin', () => { for (;;) {} }, false);
RegisterCommand('cal_hi', () => console.log('hi from cal_js'), false);
