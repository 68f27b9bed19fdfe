/** Layout the query forms share: a grid that is one column in a taskpane and several on a desktop. */
import { makeStyles, tokens } from '@fluentui/react-components';

export const useFormStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  // Short fields (years, codes, dates): auto-fill keeps empty tracks, so on a desktop each field stays
  // about 150 px wide instead of stretching, and a taskpane still gets two side by side. (A fixed max
  // track size would be used to count the tracks and leave a 360 px taskpane with one column.)
  row: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 150px), 1fr))', gap: tokens.spacingHorizontalM, alignItems: 'start', '& > *': { minWidth: 0 } },
  // Fluent's Input sizes itself to ~20 characters; in a narrow grid cell it must shrink instead.
  input: { width: '100%', minWidth: 0 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
});
