/**
 * bench/events' webhook receiver, forked by fanOut.ts into its own process so that accepting and
 * answering 10,000 requests a second costs the panel's event loop nothing and the stall measured
 * is the panel's alone. It tells its parent its port once listening and answers `count` with the
 * requests received so far.
 */
import { createServer } from 'node:http';

let received = 0;
const receiver = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    received++;
    response.end('ok');
  });
});
receiver.listen(0, '127.0.0.1', () => process.send({ port: receiver.address().port }));
process.on('message', (message) => {
  if (message === 'count') process.send({ received });
});
// The bench ends (or dies): the receiver goes with it.
process.on('disconnect', () => process.exit(0));
