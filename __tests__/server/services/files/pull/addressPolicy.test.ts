import { checkedAddress, isPublicAddress } from '../../../../../server/src/services/files/pull/addressPolicy';

/** Every spelling and range a pull might be pointed at, and whether it may connect. */
const table: Array<[address: string, allowed: boolean, why: string]> = [
  ['8.8.8.8', true, 'public IPv4'],
  ['1.1.1.1', true, 'public IPv4'],
  ['2606:4700:4700::1111', true, 'public IPv6'],
  ['2a00:1450:4001:80b::200e', true, 'public IPv6'],
  ['::ffff:8.8.8.8', true, 'IPv4-mapped public'],
  ['64:ff9b::808:808', true, 'NAT64 of a public IPv4'],
  ['64:ff9b::8.8.8.8', true, 'NAT64 of a public IPv4, dotted'],
  ['2002:808:808::1', true, '6to4 of a public IPv4'],
  ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', true, 'Teredo: public server and client (8.8.8.8 inverted)'],
  ['127.0.0.1', false, 'loopback'],
  ['127.255.0.1', false, 'loopback'],
  ['10.0.0.1', false, 'private'],
  ['172.16.5.4', false, 'private'],
  ['192.168.0.1', false, 'private'],
  ['169.254.169.254', false, 'link-local (cloud metadata)'],
  ['100.64.0.1', false, 'carrier-grade NAT'],
  ['100.127.255.254', false, 'carrier-grade NAT'],
  ['198.18.0.1', false, 'benchmarking'],
  ['198.19.255.1', false, 'benchmarking'],
  ['192.0.2.1', false, 'documentation TEST-NET-1'],
  ['198.51.100.7', false, 'documentation TEST-NET-2'],
  ['203.0.113.9', false, 'documentation TEST-NET-3'],
  ['192.0.0.8', false, 'IETF protocol assignments'],
  ['192.88.99.1', false, '6to4 relay anycast'],
  ['0.0.0.0', false, 'unspecified'],
  ['0.1.2.3', false, 'this network'],
  ['255.255.255.255', false, 'broadcast'],
  ['224.0.0.1', false, 'multicast'],
  ['240.0.0.1', false, 'reserved'],
  ['127.1', false, 'short IPv4 spelling'],
  ['2130706433', false, 'decimal IPv4 spelling'],
  ['::', false, 'IPv6 unspecified'],
  ['::1', false, 'IPv6 loopback'],
  ['::127.0.0.1', false, 'IPv4-compatible loopback'],
  ['::7f00:1', false, 'IPv4-compatible loopback, hex'],
  ['0:0:0:0:0:0:127.0.0.1', false, 'IPv4-compatible loopback, long'],
  ['::10.0.0.1', false, 'IPv4-compatible private'],
  ['::8.8.8.8', false, 'IPv4-compatible (deprecated form, even of a public address)'],
  ['::ffff:127.0.0.1', false, 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', false, 'IPv4-mapped loopback, hex'],
  ['::ffff:10.0.0.1', false, 'IPv4-mapped private'],
  ['::ffff:a9fe:a9fe', false, 'IPv4-mapped metadata'],
  ['::ffff:0:7f00:1', false, 'SIIT of loopback'],
  ['64:ff9b::7f00:1', false, 'NAT64 of loopback'],
  ['64:ff9b::a00:1', false, 'NAT64 of private'],
  ['64:ff9b::169.254.169.254', false, 'NAT64 of metadata'],
  ['64:ff9b:1::808:808', false, 'local-use NAT64 prefix'],
  ['2002:7f00:1::', false, '6to4 of loopback'],
  ['2002:c0a8:101::1', false, '6to4 of private'],
  ['2001::1', false, 'Teredo with unspecified server'],
  ['2001:0:4136:e378:8000:63bf:80ff:fffe', false, 'Teredo whose client is 127.0.0.1 inverted'],
  ['fec0::1', false, 'site-local'],
  ['fc00::1', false, 'unique-local'],
  ['fd00:ec2::254', false, 'unique-local (metadata)'],
  ['fe80::1', false, 'link-local'],
  ['fe80::1%eth0', false, 'link-local with zone'],
  ['ff02::1', false, 'multicast'],
  ['ff0e::1', false, 'global multicast'],
  ['2001:db8::1', false, 'documentation'],
  ['2001:2::1', false, 'benchmarking'],
  ['100::1', false, 'discard'],
  ['2001:20::1', false, 'ORCHIDv2'],
  ['4000::1', false, 'outside global unicast 2000::/3'],
  ['not-an-ip', false, 'not an address'],
];

describe('the pull address check', () => {
  it.each(table)('%s → allowed %s (%s)', (address, allowed) => {
    expect(isPublicAddress(address)).toBe(allowed);
  });
});

describe('checkedAddress', () => {
  it('checks a literal host in a URL as the socket would use it (URL spellings of ::127.0.0.1)', async () => {
    for (const url of [
      'http://[::127.0.0.1]/x',
      'http://[::7f00:1]/x',
      'http://[0:0:0:0:0:0:127.0.0.1]/x',
      'http://[::ffff:127.0.0.1]/x',
      'http://[64:ff9b::7f00:1]/x',
      'http://127.1/x',
      'http://0x7f000001/x',
    ]) {
      await expect(checkedAddress(new URL(url), [])).rejects.toMatchObject({ statusCode: 422 });
    }
    await expect(checkedAddress(new URL('http://[2606:4700:4700::1111]/x'), [])).resolves.toEqual({ address: '2606:4700:4700::1111', family: 6 });
  });

  it('checks the DNS answers of a name (localhost resolves to loopback)', async () => {
    await expect(checkedAddress(new URL('http://localhost/x'), [])).rejects.toMatchObject({ statusCode: 422 });
    await expect(checkedAddress(new URL('http://localhost/x'), ['localhost'])).resolves.toMatchObject({ address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/) });
  });
});
