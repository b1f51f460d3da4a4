import { screen } from '@testing-library/react';
import { brandingFromPage } from '../../../src/api/pageBranding';
import { PanelBrand } from '../../../src/app/layouts/PanelBrand';
import { takeBrandingFromPage } from '../../../src/app/router/preloadData';
import { makeStore } from '../../../src/app/store';
import { mockFetch } from '../helpers/mockFetch';
import { renderWithProviders } from '../renderWithProviders';

/** A page whose head carries `content` in the branding's meta element, as the panel server writes it. */
function pageWith(content: string): Document {
  const page = document.implementation.createHTMLDocument('panel');
  const meta = page.createElement('meta');
  meta.setAttribute('name', 'panel-branding');
  meta.setAttribute('content', content);
  page.head.append(meta);
  return page;
}

describe('the branding index.html carries', () => {
  it('is read from the page', () => {
    expect(brandingFromPage(pageWith('{"brand_name":"Blockhost","brand_logo_url":"/logo.png","signup_open":false,"other":1}'))).toEqual({
      brand_name: 'Blockhost',
      brand_logo_url: '/logo.png',
      signup_open: false,
    });
  });

  it('is nothing when the page has none, or none of the expected shape', () => {
    expect(brandingFromPage(document.implementation.createHTMLDocument('panel'))).toBeNull();
    expect(brandingFromPage(pageWith(''))).toBeNull();
    expect(brandingFromPage(pageWith('{"brand_name":'))).toBeNull();
    expect(brandingFromPage(pageWith('{"brand_name":3,"brand_logo_url":null,"signup_open":true}'))).toBeNull();
    expect(brandingFromPage(pageWith('null'))).toBeNull();
  });

  it("shows the host's brand without asking the API for it", async () => {
    const fetch = mockFetch({ 'GET /api/v2/panel/branding': { status: 200, body: { brand_name: 'Asked for', brand_logo_url: null, signup_open: true } } });
    const store = makeStore();
    takeBrandingFromPage(store.dispatch, pageWith('{"brand_name":"Blockhost","brand_logo_url":null,"signup_open":true}'));
    renderWithProviders(<PanelBrand />, { store });
    expect(await screen.findByText('Blockhost')).toBeInTheDocument();
    expect(fetch.requests.filter((request) => request.path === '/api/v2/panel/branding')).toEqual([]);
  });

  it('is asked for when the page carries none', async () => {
    const fetch = mockFetch({ 'GET /api/v2/panel/branding': { status: 200, body: { brand_name: 'Asked for', brand_logo_url: null, signup_open: true } } });
    const store = makeStore();
    takeBrandingFromPage(store.dispatch, document.implementation.createHTMLDocument('panel'));
    renderWithProviders(<PanelBrand />, { store });
    expect(await screen.findByText('Asked for')).toBeInTheDocument();
    expect(fetch.requests.filter((request) => request.path === '/api/v2/panel/branding')).toHaveLength(1);
  });
});
