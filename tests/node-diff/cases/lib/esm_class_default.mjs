export default class Shape { area() { return 0; } }
