// The jest setup docs/react-native.md tells an Expo app to use.
module.exports = {
  preset: 'jest-expo',
  // jest-expo's fetch (expo/fetch) cannot make requests under jest: this environment puts Node's back.
  testEnvironment: '<rootDir>/support/node-fetch-environment.js',
  // The library and graphql-request ship only ES modules: babel must transform them like Expo's own.
  transformIgnorePatterns: [
    '/node_modules/(?!(.pnpm|react-native|@react-native|@react-native-community|expo|@expo|@expo-google-fonts|react-navigation|@react-navigation|@sentry/react-native|native-base|graphql-jwt-auth-react|graphql-request))',
  ],
  testTimeout: 30_000,
};
