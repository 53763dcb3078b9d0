export const where = "file";
