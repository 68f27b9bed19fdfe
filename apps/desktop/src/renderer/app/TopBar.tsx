/** The top bar: which profile and service the explorer uses, and the quota left (minute, day, reset). */
import { Badge, Button, makeStyles, Popover, PopoverSurface, PopoverTrigger, Text, tokens, Tooltip } from '@fluentui/react-components';
import { Info20Regular, PlugConnected16Regular } from '@fluentui/react-icons';
import { QuotaMeter } from '@econdata/ui';
import { useSession } from './session.tsx';

const useStyles = makeStyles({
  root: {
    display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalL, minHeight: '52px',
    padding: `0 ${tokens.spacingHorizontalL}`, backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  where: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0, flex: 1 },
  url: { color: tokens.colorNeutralForeground3, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  quota: { flexShrink: 0, maxWidth: '560px', display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  quotaSurface: { width: '420px' },
});

/** Profile, service address and the quota meter. */
export function TopBar({ onOpenConnection }: { onOpenConnection(): void }) {
  const styles = useStyles();
  const { status } = useSession();
  const sandbox = status.service.kind === 'sandbox';
  return (
    <header className={styles.root}>
      <div className={styles.where}>
        <Tooltip content="Profiles and keys" relationship="description">
          <Button appearance="subtle" icon={<PlugConnected16Regular />} onClick={onOpenConnection}>{status.profile.name}</Button>
        </Tooltip>
        <Badge appearance="tint" color={sandbox ? 'warning' : 'brand'}>{sandbox ? 'Sandbox' : status.profile.plan}</Badge>
        <Text size={200} className={styles.url} title={status.service.baseURL}>{status.service.baseURL}</Text>
      </div>
      <div className={styles.quota}>
        {/* The compact line always; the minute and day windows with their reset times on demand. */}
        <QuotaMeter variant="compact" />
        <Popover withArrow positioning="below-end">
          <PopoverTrigger disableButtonEnhancement>
            <Button appearance="subtle" size="small" icon={<Info20Regular />} aria-label="Quota details and reset times" data-testid="quota-button" />
          </PopoverTrigger>
          <PopoverSurface className={styles.quotaSurface} aria-label="Quota">
            <QuotaMeter variant="full" />
          </PopoverSurface>
        </Popover>
      </div>
    </header>
  );
}
