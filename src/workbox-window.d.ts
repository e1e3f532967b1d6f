/** The modern build of workbox-window has the package's own types (src/app/service-worker-registration.ts). */
declare module 'workbox-window/build/workbox-window.prod.mjs' {
  export * from 'workbox-window';
}
