module.exports = {
  file: __filename.split('/').pop(),
  dir: __dirname.split('/').pop(),
  isMain: require.main === module,
};
