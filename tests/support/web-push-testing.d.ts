/** The parts of web-push-testing (no types of its own) the tests use: its server and its model of a push service. */
declare module 'web-push-testing/src/server.js' {
  import type { Server } from 'node:http';
  import type { PushApiModel } from 'web-push-testing/src/PushApiModel.js';

  export default class WebPushTestingServer {
    constructor(model: PushApiModel, port: number);
    _app: { listen(port: number, host: string, callback: () => void): Server };
    setRequestHandlers(): void;
  }
}

declare module 'web-push-testing/src/PushApiModel.js' {
  export class PushApiModel {
    /** The address each subscription's endpoint starts with (`<origin>/notify/`). */
    notifyUrl: string;
  }
}
