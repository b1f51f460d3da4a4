import { relyingPartyOf } from '../../../server/src/lib/relyingParty';

describe('the relying party of passkeys', () => {
  it('is the host name of the panel’s public address, with allowed origins on the same RP ID', () => {
    expect(relyingPartyOf('https://panel.example.com', ['https://app.panel.example.com', 'https://elsewhere.example', 'https://example.com'])).toEqual({
      id: 'panel.example.com',
      name: 'Game Panel',
      origins: ['https://panel.example.com', 'https://app.panel.example.com'],
    });
  });

  it('reaches a panel on loopback as localhost, the one host browsers allow over plain HTTP', () => {
    expect(relyingPartyOf('http://127.0.0.1:8080')).toMatchObject({ id: 'localhost', origins: ['http://localhost:8080'] });
    expect(relyingPartyOf('http://localhost:3000')).toMatchObject({ id: 'localhost', origins: ['http://localhost:3000'] });
  });

  it('has none where browsers refuse passkeys: an IP address, plain HTTP on a domain', () => {
    expect(relyingPartyOf('https://203.0.113.7')).toBeNull();
    expect(relyingPartyOf('http://[2001:db8::1]:8080')).toBeNull();
    expect(relyingPartyOf('http://panel.example.com')).toBeNull();
    expect(relyingPartyOf('not a url')).toBeNull();
  });
});
