import { render, screen } from '@testing-library/react';
import { theme as antdTheme } from 'antd';
import { PlainCard } from '../../../src/components/PlainCard';
import { SecondaryText } from '../../../src/components/PanelText';
import { ThemeScope, themeDesignToken, ThemeTokensScope, themes, usePanelToken } from '../../../src/themes';

/** The style a plain card gets, to compare the scopes' tokens as the browser would apply them. */
const cardStyle = (label: string) => screen.getByText(label).closest('.panel-card')!.getAttribute('style');

describe('ThemeTokensScope', () => {
  it('gives the plain components inside the theme’s tokens, as a ThemeScope of that theme does', () => {
    render(
      <>
        <ThemeScope name="rustPremium">
          <PlainCard title="scope">a</PlainCard>
        </ThemeScope>
        <ThemeTokensScope name="rustPremium">
          <PlainCard title="tokens">b</PlainCard>
        </ThemeTokensScope>
        <ThemeScope name="minecraftDefault">
          <PlainCard title="other">c</PlainCard>
        </ThemeScope>
      </>,
    );
    expect(cardStyle('tokens')).toBe(cardStyle('scope'));
    // A theme whose container colour differs, so the comparison above could fail.
    expect(themeDesignToken('rustPremium').colorBgContainer).not.toBe(themeDesignToken('minecraftDefault').colorBgContainer);
    expect(cardStyle('other')).not.toBe(cardStyle('scope'));
  });

  it('puts the theme’s CSS variables on its content, without touching the page', () => {
    render(
      <ThemeTokensScope name="terrariaPremium">
        <SecondaryText>inside</SecondaryText>
      </ThemeTokensScope>,
    );
    const scope = screen.getByText('inside').closest('[data-panel-theme]') as HTMLElement;
    expect(scope.dataset.panelTheme).toBe('terrariaPremium');
    expect(scope.style.getPropertyValue('--panel-primary')).toBe(themes.terrariaPremium.variables.primary);
    expect(document.documentElement.style.getPropertyValue('--panel-primary')).toBe('');
  });

  it('works each theme’s tokens out once, as antd does for that theme', () => {
    expect(themeDesignToken('arkPremium')).toBe(themeDesignToken('arkPremium'));
    let scoped: unknown = null;
    function Probe() {
      scoped = antdTheme.useToken().token.colorPrimary;
      return null;
    }
    render(
      <ThemeScope name="arkPremium">
        <Probe />
      </ThemeScope>,
    );
    expect(themeDesignToken('arkPremium').colorPrimary).toBe(scoped);
  });

  it('leaves the tokens to a ThemeScope inside it, and to antd outside any scope', () => {
    const seen: Record<string, string> = {};
    function Probe({ name }: { name: string }) {
      seen[name] = usePanelToken().colorBgContainer;
      return null;
    }
    render(
      <>
        <Probe name="outside" />
        <ThemeTokensScope name="rustPremium">
          <Probe name="tokens" />
          <ThemeScope name="minecraftDefault">
            <Probe name="nested" />
          </ThemeScope>
        </ThemeTokensScope>
      </>,
    );
    expect(seen.outside).toBe(antdTheme.getDesignToken().colorBgContainer);
    expect(seen.tokens).toBe(themeDesignToken('rustPremium').colorBgContainer);
    expect(seen.nested).toBe(themeDesignToken('minecraftDefault').colorBgContainer);
  });
});
