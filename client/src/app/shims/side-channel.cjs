/* global module -- CommonJS, as the package it stands in for: qs requires it. */
// Stand-in for the `side-channel` package in the browser bundle (see vite.config.ts): the same
// get/set/has/delete/assert store on the built-in WeakMap (object keys) and Map (other keys).
module.exports = function getSideChannel() {
  const objects = new WeakMap();
  const others = new Map();
  const storeOf = (key) => ((typeof key === 'object' && key !== null) || typeof key === 'function' ? objects : others);
  return {
    get: (key) => storeOf(key).get(key),
    set: (key, value) => void storeOf(key).set(key, value),
    has: (key) => storeOf(key).has(key),
    delete: (key) => storeOf(key).delete(key),
    assert: (key) => {
      if (!storeOf(key).has(key)) throw new TypeError('Side channel does not contain the given key');
    },
  };
};
