// node-wpapi ships no type declarations; the tests use it dynamically.
declare module 'wpapi' {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const WPAPI: any;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type WPAPI = any;
  export default WPAPI;
}
