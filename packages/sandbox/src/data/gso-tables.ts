/**
 * The GSO tables and the indicator codes the sandbox gives them.
 *
 * Code = `<TABLE>.<ITEM>.<MEASURE>`:
 * - TABLE: CPI, IIP, RETAIL, TRADE.EXPORT, TRADE.IMPORT, GDP (one per file; trade splits by flow);
 * - ITEM: the table's item code in upper case (`CPI_` prefix dropped in the CPI table), and
 *   `TOTAL` for the table's total row (`CPI`, `whole_industry`, `total`, `total_gdp`);
 * - MEASURE: one per value column (YOY, MOM, VALUE, YTD_VALUE, ...).
 * `<TABLE>.<MEASURE>` is accepted as short for `<TABLE>.TOTAL.<MEASURE>` (e.g. `CPI.YOY`).
 *
 * Monthly tables are monthly, GDP is quarterly. Year-to-date measures also have an `annual`
 * frequency: the figure of the December release, which is GSO's published figure for the year
 * (e.g. CPI.TOTAL.YTD_AVG_YOY in December = the year's average inflation). Nothing else is derived.
 */
import type { Frequency } from './model.ts';

interface GsoMeasure {
  /** Column of the CSV file holding the values. */
  column: string;
  code: string;
  label: string;
  /** The label in Vietnamese, for `name_vi` (composed like `name`: table, GSO's item label, measure). */
  labelVi: string;
  unit: string;
  /** Unit of the annual (December year-to-date) figure, when the measure has one. */
  annualUnit?: string;
}

export interface GsoTable {
  file: string;
  /** TABLE part of the code; for a table with a flow column, the prefix before the flow. */
  table: string;
  /** The title; per flow for a table split by flow, so exports and imports never share a name. */
  title: string | Readonly<Record<string, string>>;
  /** The title in Vietnamese; per flow for a table split by flow (export: "Xuất khẩu hàng hóa"). */
  titleVi: string | Readonly<Record<string, string>>;
  /** What the table holds, for the source's description (only the tables a folder has are named). */
  topic: string;
  frequency: Extract<Frequency, 'monthly' | 'quarterly'>;
  itemColumn: string;
  nameColumn: string;
  nameViColumn: string;
  /** The item code of the table's total row: it becomes ITEM `TOTAL`. */
  totalItem: string;
  /** Prefix removed from item codes (the CPI table's `CPI_`). */
  stripPrefix?: string;
  /** A column that splits the table (trade: export/import) into TABLE.<FLOW>. */
  flowColumn?: string;
  measures: GsoMeasure[];
}

const YOY_MONTH = 'percent, change vs same month of previous year';
const YTD_YOY = 'percent, year to date vs same period of previous year';
const YEAR_YOY = 'percent, change vs previous year';

export const GSO_TABLES: readonly GsoTable[] = [
  {
    file: 'gso_vn_cpi_monthly.csv', table: 'CPI', topic: 'consumer prices', title: 'Consumer prices', titleVi: 'Chỉ số giá tiêu dùng', frequency: 'monthly',
    itemColumn: 'item_code', nameColumn: 'item_en', nameViColumn: 'item_vi', totalItem: 'CPI', stripPrefix: 'CPI_',
    measures: [
      { column: 'yoy_pct', code: 'YOY', label: 'change vs same month of previous year', labelVi: 'thay đổi so với cùng tháng năm trước', unit: YOY_MONTH },
      { column: 'mom_pct', code: 'MOM', label: 'change vs previous month', labelVi: 'thay đổi so với tháng trước', unit: 'percent, change vs previous month' },
      {
        column: 'ytd_avg_yoy_pct', code: 'YTD_AVG_YOY', label: 'average of the year so far vs same period of previous year', labelVi: 'bình quân từ đầu năm so với cùng kỳ năm trước',
        unit: 'percent, average of the year so far vs same period of previous year',
        annualUnit: 'percent, annual average vs previous year',
      },
    ],
  },
  {
    file: 'gso_vn_iip_monthly.csv', table: 'IIP', topic: 'industrial production', title: 'Industrial production index', titleVi: 'Chỉ số sản xuất công nghiệp', frequency: 'monthly',
    itemColumn: 'industry_code', nameColumn: 'industry_en', nameViColumn: 'industry_vi', totalItem: 'whole_industry',
    measures: [
      { column: 'yoy_pct', code: 'YOY', label: 'change vs same month of previous year', labelVi: 'thay đổi so với cùng tháng năm trước', unit: YOY_MONTH },
      { column: 'mom_pct', code: 'MOM', label: 'change vs previous month', labelVi: 'thay đổi so với tháng trước', unit: 'percent, change vs previous month' },
      { column: 'ytd_yoy_pct', code: 'YTD_YOY', label: 'year to date vs same period of previous year', labelVi: 'từ đầu năm so với cùng kỳ năm trước', unit: YTD_YOY, annualUnit: YEAR_YOY },
    ],
  },
  {
    file: 'gso_vn_retail_sales_monthly.csv', table: 'RETAIL', topic: 'retail sales', title: 'Retail sales of goods and consumer services', titleVi: 'Tổng mức bán lẻ hàng hóa và doanh thu dịch vụ tiêu dùng', frequency: 'monthly',
    itemColumn: 'category_code', nameColumn: 'category_en', nameViColumn: 'category_vi', totalItem: 'total',
    measures: [
      { column: 'value_bn_vnd', code: 'VALUE', label: 'value (revised where GSO re-published it)', labelVi: 'trị giá (đã sửa khi GSO công bố lại)', unit: 'billion VND' },
      { column: 'value_bn_vnd_first_estimate', code: 'VALUE_FIRST_ESTIMATE', label: 'value, first estimate', labelVi: 'trị giá, ước tính lần đầu', unit: 'billion VND' },
      { column: 'yoy_pct_first_estimate', code: 'YOY_FIRST_ESTIMATE', label: 'change vs same month of previous year, first estimate', labelVi: 'thay đổi so với cùng tháng năm trước, ước tính lần đầu', unit: YOY_MONTH },
      { column: 'ytd_value_bn_vnd', code: 'YTD_VALUE', label: 'value, year to date', labelVi: 'trị giá lũy kế từ đầu năm', unit: 'billion VND, year to date', annualUnit: 'billion VND' },
      { column: 'ytd_yoy_pct', code: 'YTD_YOY', label: 'year to date vs same period of previous year', labelVi: 'từ đầu năm so với cùng kỳ năm trước', unit: YTD_YOY, annualUnit: YEAR_YOY },
    ],
  },
  {
    file: 'gso_vn_trade_monthly.csv', table: 'TRADE', topic: 'merchandise trade by commodity group', title: { EXPORT: 'Merchandise exports', IMPORT: 'Merchandise imports' }, titleVi: { EXPORT: 'Xuất khẩu hàng hóa', IMPORT: 'Nhập khẩu hàng hóa' }, frequency: 'monthly', flowColumn: 'flow',
    itemColumn: 'item_code', nameColumn: 'item_en', nameViColumn: 'item_vi', totalItem: 'total',
    measures: [
      { column: 'value_usd_mn', code: 'VALUE', label: 'value', labelVi: 'trị giá', unit: 'million USD' },
      { column: 'ytd_value_usd_mn', code: 'YTD_VALUE', label: 'value, year to date', labelVi: 'trị giá lũy kế từ đầu năm', unit: 'million USD, year to date', annualUnit: 'million USD' },
      { column: 'yoy_pct', code: 'YOY', label: 'change vs same month of previous year', labelVi: 'thay đổi so với cùng tháng năm trước', unit: YOY_MONTH },
      { column: 'ytd_yoy_pct', code: 'YTD_YOY', label: 'year to date vs same period of previous year', labelVi: 'từ đầu năm so với cùng kỳ năm trước', unit: YTD_YOY, annualUnit: YEAR_YOY },
    ],
  },
  {
    file: 'gso_vn_gdp_quarterly.csv', table: 'GDP', topic: 'GDP (quarterly)', title: 'Gross domestic product at constant 2010 prices', titleVi: 'Tổng sản phẩm trong nước theo giá so sánh 2010', frequency: 'quarterly',
    itemColumn: 'sector_code', nameColumn: 'sector_en', nameViColumn: 'sector_vi', totalItem: 'total_gdp',
    measures: [
      { column: 'value_bn_vnd_2010_prices', code: 'VALUE', label: 'value for the quarter', labelVi: 'giá trị trong quý', unit: 'billion VND at constant 2010 prices' },
      { column: 'yoy_pct', code: 'YOY', label: 'change vs same quarter of previous year', labelVi: 'thay đổi so với cùng quý năm trước', unit: 'percent, change vs same quarter of previous year' },
    ],
  },
];

/** The ITEM part of a code for an item code of a table. */
export function gsoItemCode(table: GsoTable, item: string): string {
  if (item === table.totalItem) return 'TOTAL';
  const stripped = table.stripPrefix && item.startsWith(table.stripPrefix) ? item.slice(table.stripPrefix.length) : item;
  return stripped.toUpperCase().replace(/[^A-Z0-9_]+/g, '_');
}
