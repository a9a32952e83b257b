// Mantine's PostCSS preset: rem()/light-dark() helpers and mixins in our CSS modules.
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
