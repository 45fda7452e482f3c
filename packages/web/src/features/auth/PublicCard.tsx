import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/**
 * The sign-in page's frame, drawn like antd's bordered Card from the theme's tokens. The Card
 * itself brings antd's tabs (its header can hold tabs), their dropdown menu and their icons: about
 * 20 KB compressed that the first page does not need (issue 14).
 */
export function PublicCard({ children, width }: { children: ReactNode; width: number }) {
  const { token } = theme.useToken();
  const style: CSSProperties = {
    boxSizing: 'border-box',
    position: 'relative',
    width,
    maxWidth: '100%',
    padding: token.paddingLG,
    color: token.colorText,
    fontSize: token.fontSize,
    lineHeight: token.lineHeight,
    fontFamily: token.fontFamily,
    background: token.colorBgContainer,
    border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadiusLG,
  };
  return <div style={style}>{children}</div>;
}
