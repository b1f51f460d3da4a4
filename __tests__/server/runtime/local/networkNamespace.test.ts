import { DNS_FORWARD_ADDRESS, pastaArgs, sandboxResolvConf } from '../../../../server/src/runtime/local/sandbox/networkNamespace';

describe("pasta's arguments for a game server's network namespace", () => {
  it('never leads the gateway or the namespace loopback to the host loopback', () => {
    const args = pastaArgs({ ip: '127.0.0.1', ports: [25565] });
    expect(args).toContain('--no-map-gw');
    expect(args.join(' ')).toContain('-T none -U none');
    expect(args).toContain('-f');
  });

  it("forwards each of the server's ports over TCP and UDP on its address only", () => {
    expect(pastaArgs({ ip: '127.0.0.1', ports: [25565, 25575, 25565] }).join(' ')).toContain('-t 127.0.0.1/25565 -u 127.0.0.1/25565 -t 127.0.0.1/25575 -u 127.0.0.1/25575');
    // A wildcard address: every address of the host.
    expect(pastaArgs({ ip: '0.0.0.0', ports: [7777] }).join(' ')).toContain('-t 7777 -u 7777');
    // Another address of the host becomes the namespace's own, so a game bound to it gets its players.
    expect(pastaArgs({ ip: '203.0.113.7', ports: [28015] }).join(' ')).toContain('-a 203.0.113.7');
    expect(pastaArgs({ ip: '127.0.0.1', ports: [25565] })).not.toContain('-a');
  });

  it('forwards no port at all for an install command', () => {
    expect(pastaArgs(null).join(' ')).toContain('-t none -u none');
    expect(pastaArgs({ ip: '127.0.0.1', ports: [0, 70000] }).join(' ')).toContain('-t none -u none');
  });
});

describe("a sandbox's resolv.conf", () => {
  it("keeps the host's when its resolver is reachable from the namespace", () => {
    expect(sandboxResolvConf('nameserver 10.0.0.53\nsearch example.com\n')).toBeNull();
  });

  it("points at pasta's DNS forwarder when the host's resolver is on its loopback, keeping search and options", () => {
    expect(sandboxResolvConf('# systemd-resolved\nnameserver 127.0.0.53\noptions edns0 trust-ad\nsearch lan\n')).toBe(
      `nameserver ${DNS_FORWARD_ADDRESS}\n# systemd-resolved\noptions edns0 trust-ad\nsearch lan\n`,
    );
    expect(sandboxResolvConf('nameserver ::1\n')).toBe(`nameserver ${DNS_FORWARD_ADDRESS}\n`);
    expect(pastaArgs(null, true).join(' ')).toContain(`--dns-forward ${DNS_FORWARD_ADDRESS}`);
  });
});
