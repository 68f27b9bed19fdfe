/** The look both apps share: Fluent's light theme plus a few tokens of our own. */
import { FluentProvider, webLightTheme, type Theme } from '@fluentui/react-components';
import type { ReactNode } from 'react';

/** Shared spacing and widths; components use Fluent's `tokens` for everything else. */
export const econTokens = {
  /** Below this container width components stack vertically (taskpane). */
  narrowBreakpointPx: 560,
  /** Height of a scrolling picker list. */
  listMaxHeight: '260px',
  /** The gap between form fields. */
  fieldGap: '12px',
} as const;

export interface EconThemeProviderProps {
  children: ReactNode;
  /** Override the theme (default webLightTheme). */
  theme?: Theme;
  className?: string;
}

/** Wraps an app in FluentProvider with the product's theme. */
export function EconThemeProvider({ children, theme = webLightTheme, className }: EconThemeProviderProps): ReactNode {
  return (
    <FluentProvider theme={theme} {...(className ? { className } : {})}>
      {children}
    </FluentProvider>
  );
}
