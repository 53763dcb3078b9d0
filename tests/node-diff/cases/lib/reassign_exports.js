// Reassigning `exports` does not change what require() returns.
exports.kept = true;
exports = { lost: true };
