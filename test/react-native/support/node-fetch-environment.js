// jest-expo's setup installs expo/fetch as the global fetch, which has no native module to send with
// under jest. This environment puts Node's fetch (and the classes it checks its arguments against)
// back once the setup files have run, so the tests talk to the mock service over real HTTP.
const ReactNativeEnv = require('@react-native/jest-preset/jest/react-native-env.js');

const NODE_FETCH = { fetch, Headers, Request, Response, AbortController, AbortSignal };

module.exports = class NodeFetchEnvironment extends ReactNativeEnv {
  handleTestEvent(event, state) {
    if (event.name === 'run_start' || event.name === 'test_start') Object.assign(this.global, NODE_FETCH);
    return super.handleTestEvent?.(event, state);
  }
};
