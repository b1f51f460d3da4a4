import { parseDnsConfig } from '../../../../server/src/services/network/dns/dnsConfig';
import { labelProblem, subdomainRecordSets } from '../../../../server/src/services/network/subdomainRecords';

describe('PANEL_DNS_* settings', () => {
  it('are off without zones or a name server, and a name server alone waits for the host’s zones', () => {
    expect(parseDnsConfig({})).toBeUndefined();
    expect(parseDnsConfig({ PANEL_DNS_SERVER: '127.0.0.1:5353', PANEL_DNS_TSIG_KEY: 'hmac-sha256:panel:c2VjcmV0' })).toMatchObject({ zones: [], provider: { kind: 'rfc2136', port: 5353 } });
  });

  it('read an RFC 2136 server and TSIG key, and a Cloudflare token', () => {
    expect(parseDnsConfig({ PANEL_DNS_ZONES: 'Play.Example.com., mc.example.net', PANEL_DNS_SERVER: 'ns1.example.com:5353', PANEL_DNS_TSIG_KEY: 'hmac-sha256:panel:c2VjcmV0' })).toEqual({
      zones: ['play.example.com', 'mc.example.net'],
      ttl: 300,
      provider: { kind: 'rfc2136', server: 'ns1.example.com', port: 5353, key: { algorithm: 'hmac-sha256', name: 'panel', secret: 'c2VjcmV0' } },
    });
    expect(parseDnsConfig({ PANEL_DNS_ZONES: 'play.example.com', PANEL_DNS_PROVIDER: 'cloudflare', PANEL_DNS_CLOUDFLARE_API_TOKEN: 'tok', PANEL_DNS_TTL: '60' })).toEqual({
      zones: ['play.example.com'],
      ttl: 60,
      provider: { kind: 'cloudflare', apiToken: 'tok', baseUrl: undefined },
    });
  });

  it('refuse what cannot work, with the variable named', () => {
    expect(() => parseDnsConfig({ PANEL_DNS_ZONES: 'bad_zone' })).toThrow(/PANEL_DNS_ZONES/);
    expect(() => parseDnsConfig({ PANEL_DNS_ZONES: 'play.example.com' })).toThrow(/PANEL_DNS_SERVER/);
    expect(() => parseDnsConfig({ PANEL_DNS_ZONES: 'play.example.com', PANEL_DNS_SERVER: 'ns1', PANEL_DNS_TSIG_KEY: 'secret' })).toThrow(/PANEL_DNS_TSIG_KEY/);
    expect(() => parseDnsConfig({ PANEL_DNS_ZONES: 'play.example.com', PANEL_DNS_PROVIDER: 'cloudflare' })).toThrow(/PANEL_DNS_CLOUDFLARE_API_TOKEN/);
    expect(() => parseDnsConfig({ PANEL_DNS_ZONES: 'play.example.com', PANEL_DNS_PROVIDER: 'route53' })).toThrow(/PANEL_DNS_PROVIDER/);
  });
});

describe('subdomain names and records', () => {
  it('takes RFC 1123 labels that are not reserved', () => {
    expect(labelProblem('survival')).toBeNull();
    expect(labelProblem('a-1')).toBeNull();
    expect(labelProblem('-a')).not.toBeNull();
    expect(labelProblem('a_b')).not.toBeNull();
    expect(labelProblem('mail')).toBe('This name is reserved');
    expect(labelProblem('x'.repeat(64))).not.toBeNull();
  });

  it('points the SRV at a name: the node host itself, or an A/AAAA record at the subdomain', () => {
    expect(subdomainRecordSets('s', 'z.test', 'node1.example.com', 25566)).toEqual([
      { name: 's.z.test', type: 'A', values: [] },
      { name: 's.z.test', type: 'AAAA', values: [] },
      { name: 's.z.test', type: 'CNAME', values: ['node1.example.com.'] },
      { name: '_minecraft._tcp.s.z.test', type: 'SRV', values: ['0 5 25566 node1.example.com.'] },
    ]);
    const v6 = subdomainRecordSets('s', 'z.test', '2001:db8::7', 25566);
    expect(v6[1].values).toEqual(['2001:db8::7']);
    expect(v6[3].values).toEqual(['0 5 25566 s.z.test.']);
  });
});
