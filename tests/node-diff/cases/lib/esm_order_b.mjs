console.log('order_b evaluated');
export const b = 'B';
