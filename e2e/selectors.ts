import type { Locator, Page } from '@playwright/test';

/**
 * Every selector the browser tests use, in one place (see packages/web/src/test/selectors.md).
 * Tests run in English unless they switch language on purpose.
 */
export const sel = {
  login: {
    username: (p: Page) => p.getByLabel('Username'),
    password: (p: Page) => p.getByLabel('Password', { exact: true }),
    captcha: (p: Page) => p.getByLabel('Verification code', { exact: true }),
    captchaImage: (p: Page) => p.getByTestId('captcha-image'),
    submit: (p: Page) => p.getByRole('button', { name: 'Sign in' }),
    language: (p: Page) => p.getByRole('button', { name: 'Language' }),
  },
  forced: {
    heading: (p: Page) => p.getByRole('heading', { name: 'Change your initial password' }),
    current: (p: Page) => p.getByLabel('Current password'),
    next: (p: Page) => p.getByLabel('New password', { exact: true }),
    confirm: (p: Page) => p.getByLabel('Confirm new password'),
    submit: (p: Page) => p.getByRole('button', { name: 'Change password and continue' }),
  },
  shell: {
    welcome: (p: Page) => p.getByTestId('welcome'),
    title: (p: Page) => p.getByTestId('product-title'),
    menu: (p: Page) => p.getByRole('navigation', { name: 'Main menu' }),
    farmMode: (p: Page) => p.getByRole('radiogroup', { name: 'Farm mode' }),
    accountMenu: (p: Page) => p.getByRole('button', { name: 'Account menu' }),
    noFunctions: (p: Page) => p.getByTestId('no-functions'),
  },
  /** antd's toasts in the console, the plain ones on the sign-in page (which loads no antd). */
  toast: (p: Page) => p.locator('.ant-message-notice, .fs-toast'),
  overview: {
    cards: (p: Page) => p.getByTestId('shed-card'),
    farm: (p: Page) => p.getByLabel('Farm', { exact: true }),
  },
  /** /platform/tenants (namespace `tenants`). */
  tenants: {
    heading: (p: Page) => p.getByRole('heading', { name: 'Tenants', level: 3 }),
    add: (p: Page) => p.getByRole('button', { name: 'Add tenant' }),
    keyword: (p: Page) => p.getByLabel('Keyword'),
    filters: (p: Page) => p.getByRole('search', { name: 'Tenant filters' }),
    search: (p: Page) => p.getByRole('search', { name: 'Tenant filters' }).getByRole('button', { name: 'Search' }),
    row: (p: Page, name: string) => p.getByRole('row').filter({ hasText: name }),
    /** Row cells: `used / cap`, `∞` when unlimited. */
    users: (p: Page, name: string) => p.getByRole('row').filter({ hasText: name }).getByTestId('tenant-users'),
    status: (p: Page, name: string) => p.getByRole('row').filter({ hasText: name }).getByTestId('tenant-status'),
    /** Row menu holding `System authorization` and `API authorization` (menuitems). */
    authorize: (p: Page, name: string) => p.getByRole('button', { name: `Authorization of ${name}` }),
    more: (p: Page, name: string) => p.getByRole('button', { name: `More actions for ${name}` }),
    form: {
      name: (p: Page) => p.getByRole('dialog').getByLabel('Tenant name'),
      contact: (p: Page) => p.getByRole('dialog').getByLabel('Contact'),
      phone: (p: Page) => p.getByRole('dialog').getByLabel('Phone'),
      module: (p: Page, label: 'Pig farm' | 'Poultry' | 'Group') => p.getByRole('dialog').getByLabel(label, { exact: true }),
      adminCode: (p: Page) => p.getByRole('dialog').getByLabel('Administrator account'),
      adminName: (p: Page) => p.getByRole('dialog').getByLabel('Administrator name'),
      password: (p: Page) => p.getByRole('dialog').getByLabel('Initial password', { exact: true }),
      confirm: (p: Page) => p.getByRole('dialog').getByLabel('Confirm initial password'),
      save: (p: Page) => p.getByRole('dialog').getByRole('button', { name: 'Save' }),
    },
    systemAuth: {
      userLimit: (p: Page) => p.getByRole('dialog').getByLabel('User limit'),
      farmLimit: (p: Page) => p.getByRole('dialog').getByLabel('Farm limit'),
      deviceLimit: (p: Page) => p.getByRole('dialog').getByLabel('Device limit'),
      save: (p: Page) => p.getByRole('dialog').getByRole('button', { name: 'Save' }),
    },
    /** The one-time access code after `Generate new access code`. */
    accessCode: (p: Page) => p.getByTestId('api-access-code'),
  },
  /** /safe-oplog/records (namespace `oplog`). */
  oplog: {
    heading: (p: Page) => p.getByRole('heading', { name: 'Operation records', level: 3 }),
    table: (p: Page) => p.getByRole('table'),
    rows: (p: Page) => p.locator('tr[data-row-key]'),
    outcome: (p: Page) => p.getByLabel('Outcome', { exact: true }),
    account: (p: Page) => p.getByLabel('Account', { exact: true }),
    module: (p: Page) => p.getByLabel('Module', { exact: true }),
    /** An option of the open select, by its label (e.g. `Succeeded`, `Failed`, `Denied`). */
    option: (p: Page, label: string) => p.locator('.ant-select-dropdown:visible').getByTitle(label, { exact: true }),
    outcomeTag: (p: Page) => p.getByTestId('oplog-outcome'),
  },
  /** Environment screens (namespace `environment`): live shed cards, trends, records. */
  env: {
    /** A shed card of the overview, by shed name (`data-testid="shed-card"`). */
    card: (p: Page, shed: string) => p.getByRole('article', { name: shed }),
    /** Live stream state beside the title: `data-state` = connecting | live | retrying | stopped. */
    liveState: (p: Page) => p.getByTestId('live-state'),
    /** Inside a card: average temperature with the sensors' min-max, each sensor, set-point. */
    cardTemp: (p: Page, shed: string) => p.getByRole('article', { name: shed }).getByTestId('shed-temp'),
    cardSensors: (p: Page, shed: string) => p.getByRole('article', { name: shed }).getByRole('list', { name: 'Temperature sensors' }),
    /** The controller drawer a card opens (hkqDetail). */
    controllerDetail: (p: Page) => p.getByTestId('controller-detail'),
    /** Trend and records filters: Farm, Sheds (multi, max 6), Time (presets + Custom range), Shed, Time range. */
    sheds: (p: Page) => p.getByLabel('Sheds', { exact: true }),
    time: (p: Page) => p.getByLabel('Time', { exact: true }),
    shed: (p: Page) => p.getByLabel('Shed', { exact: true }),
    option: (p: Page, label: string) => p.locator('.ant-select-dropdown:visible').getByTitle(label, { exact: true }),
    /** One card per shed on a trend page, with its chart (a canvas inside) and min / average / max. */
    trendCards: (p: Page) => p.getByTestId('trend-shed'),
    trendChart: (p: Page) => p.getByTestId('trend-chart'),
    trendStats: (p: Page) => p.getByTestId('trend-stats'),
    recordsTable: (p: Page) => p.getByRole('table'),
    recordRows: (p: Page) => p.locator('tr[data-row-key]'),
    exportExcel: (p: Page) => p.getByRole('button', { name: 'Export to Excel' }),
  },
  /**
   * Administration pages (namespaces `farms`, `sheds`, `roles`, `accounts`): /housemanagement/houselist,
   * /housemanagement/shedlist, /usermanagement/role, /usermanagement/accountnumber. Dialogs are antd
   * modals and drawers (`getByRole('dialog')`); selects open `.ant-select-dropdown` lists whose
   * options carry their label as title.
   */
  admin: {
    heading: (p: Page, name: string) => p.getByRole('heading', { name, level: 3 }),
    row: (p: Page, text: string) => p.getByRole('row').filter({ hasText: text }),
    option: (p: Page, title: string) => p.locator('.ant-select-dropdown:visible').getByTitle(title, { exact: true }),
    dialog: (p: Page) => p.getByRole('dialog'),
    save: (p: Page) => p.getByRole('dialog').getByRole('button', { name: 'Save' }),
    farms: {
      add: (p: Page) => p.getByRole('button', { name: 'Add farm' }),
      name: (p: Page) => p.getByRole('dialog').getByLabel('Farm name'),
      type: (p: Page, label: 'Pig farm' | 'Poultry farm' | 'Cattle farm') => p.getByRole('dialog').getByText(label, { exact: true }),
      person: (p: Page) => p.getByRole('dialog').getByLabel('Person in charge'),
      areaCode: (p: Page) => p.getByRole('dialog').getByLabel('Area code'),
      phone: (p: Page) => p.getByRole('dialog').getByLabel('Phone', { exact: true }),
      timeZone: (p: Page) => p.getByRole('dialog').getByLabel('Time zone', { exact: true }),
      timeZoneName: (p: Page) => p.getByRole('dialog').getByLabel('Time zone name'),
      /** The banner that stays when the tenant's farm cap (20110) is reached. */
      limit: (p: Page) => p.getByTestId('farm-limit'),
    },
    sheds: {
      farm: (p: Page) => p.getByLabel('Farm', { exact: true }),
      add: (p: Page) => p.getByRole('button', { name: 'Add house' }),
      name: (p: Page) => p.getByRole('dialog').getByLabel('House name'),
      type: (p: Page) => p.getByRole('dialog').getByLabel('House type'),
      number: (p: Page, which: 'Area' | 'Building' | 'House no.') => p.getByRole('dialog').getByLabel(which, { exact: true }),
      /** SPEC §3 label cells of the table (`1-1-1 (Broiler)`, `Empty house`). */
      label: (p: Page) => p.getByTestId('shedlist-label'),
      pens: (p: Page, shed: string) => p.getByRole('button', { name: `Pens of ${shed}` }),
      startPen: (p: Page) => p.getByRole('dialog').getByLabel('Start pen'),
      endPen: (p: Page) => p.getByRole('dialog').getByLabel('End pen'),
      addPens: (p: Page) => p.getByRole('dialog').getByRole('button', { name: 'Add pens' }),
      /** Pen labels in the pens drawer (`3-1`, `Empty column`). */
      penLabel: (p: Page) => p.getByTestId('pen-label'),
    },
    roles: {
      add: (p: Page) => p.getByRole('button', { name: 'Add role' }),
      name: (p: Page) => p.getByRole('dialog').getByLabel('Role name'),
      permissions: (p: Page, role: string) => p.getByRole('button', { name: `Permissions of ${role}` }),
      expandAll: (p: Page) => p.getByRole('dialog').getByRole('button', { name: 'Expand all' }),
      /** The checkbox binding one function, by its menu label (e.g. `House overview`). */
      grant: (p: Page, menuLabel: string) => p.getByRole('dialog').getByRole('checkbox', { name: `Grant ${menuLabel}`, exact: true }),
      count: (p: Page) => p.getByTestId('perm-count'),
    },
    accounts: {
      add: (p: Page) => p.getByRole('button', { name: 'Add account' }),
      keyword: (p: Page) => p.getByLabel('Keyword'),
      search: (p: Page) => p.getByRole('button', { name: 'Search' }),
      code: (p: Page) => p.getByRole('dialog').getByLabel('Account', { exact: true }),
      name: (p: Page) => p.getByRole('dialog').getByLabel('Display name'),
      password: (p: Page) => p.getByRole('dialog').getByLabel('Initial password', { exact: true }),
      confirm: (p: Page) => p.getByRole('dialog').getByLabel('Confirm initial password'),
      phone: (p: Page) => p.getByRole('dialog').getByLabel('Phone number'),
      roles: (p: Page) => p.getByRole('dialog').getByLabel('Roles'),
      farms: (p: Page) => p.getByRole('dialog').getByLabel('Farms'),
      status: (p: Page, code: string) => p.getByRole('row').filter({ hasText: code }).getByTestId('account-status'),
      authorize: (p: Page, name: string) => p.getByRole('button', { name: `Farms and houses of ${name}` }),
      /** A farm, house or pen checkbox of the authorization tree, by the node's text. */
      treeCheckbox: (p: Page, text: string) =>
        p.locator('.ant-tree-treenode').filter({ hasText: text }).locator('.ant-tree-checkbox').first(),
      summary: (p: Page) => p.getByTestId('authorize-summary'),
      /** The banner that stays when the tenant's user cap (20101) is reached. */
      limit: (p: Page) => p.getByTestId('user-limit'),
    },
  },
  /** /ci18/group/current and /ci18/std/curves (namespace `flocks`). */
  flocks: {
    cards: (p: Page) => p.getByTestId('flock-card'),
    /** `Day 35` on a card. */
    dayAge: (p: Page) => p.getByTestId('flock-day-age'),
    view: (p: Page, which: 'Current flocks' | 'History') => p.locator('.ant-segmented').getByText(which, { exact: true }),
    historyRows: (p: Page) => p.getByRole('table').locator('tbody tr.ant-table-row'),
    details: (p: Page, groupNo: string) => p.getByRole('button', { name: `Details of flock ${groupNo}` }),
    figures: (p: Page) => p.getByTestId('flock-figures'),
    weightChart: (p: Page) => p.getByTestId('flock-weight-chart'),
    curves: {
      add: (p: Page) => p.getByRole('button', { name: 'Add curve' }),
      copyOpen: (p: Page) => p.getByRole('button', { name: 'Copy a built-in standard' }),
      /** A built-in standard card of the copy dialog, by its name. */
      builtin: (p: Page, name: string) => p.getByTestId('builtin-card').filter({ hasText: name }),
      builtinSource: (p: Page) => p.getByTestId('builtin-source'),
      copy: (p: Page, name: string) => p.getByRole('button', { name: `Copy ${name} to the farm` }),
      asType: (p: Page) => p.getByLabel('For flock type'),
      typeFilter: (p: Page) => p.getByLabel('Flock type', { exact: true }),
      indicatorFilter: (p: Page) => p.getByLabel('Indicator', { exact: true }),
      row: (p: Page, text: string) => p.getByRole('row').filter({ hasText: text }),
      source: (p: Page, text: string) => p.getByRole('row').filter({ hasText: text }).getByTestId('curve-source'),
      field: (p: Page, label: 'Farm' | 'Flock type' | 'Indicator' | 'Curve name' | 'Start day age' | 'Values') =>
        p.locator('.ant-drawer').getByLabel(label, { exact: true }),
      count: (p: Page) => p.getByTestId('curve-count'),
    },
  },
};

/** Poultry production reports /ci18/{column,grow,feed,drink,egg,immunel,business}/... (namespace `poultry`). */
export const poultrySel = {
  /** The report section; `data-report` holds its application code. */
  page: (p: Page) => p.locator('section[data-report]'),
  /** Body rows of the report table (totals row excluded). */
  rows: (p: Page) => p.locator('section[data-report] .ant-table-tbody tr.ant-table-row'),
  totals: (p: Page) => p.getByTestId('report-totals'),
  kpis: (p: Page) => p.getByTestId('report-kpi'),
  /** Legend entries of a chart: `data-kind` actual | standard, `data-points` = points with a figure. */
  series: (p: Page, kind?: 'actual' | 'standard') =>
    kind ? p.locator(`[data-testid="report-series"][data-kind="${kind}"]`) : p.getByTestId('report-series'),
  trendChart: (p: Page) => p.getByTestId('trend-chart'),
  tableChart: (p: Page) => p.getByTestId('report-chart'),
  export: (p: Page) => p.getByRole('button', { name: 'Export' }),
  refresh: (p: Page) => p.getByRole('button', { name: 'Refresh' }),
  flocks: (p: Page) => p.getByLabel('Flocks', { exact: true }),
};

/**
 * Production entry /prod-data-input/{flock,daily-column,daily-feed,daily-grow,daily-drink,daily-egg,immunel,derug}
 * (namespace `production`, field labels from `records`). Drawers are antd drawers, selects open
 * `.ant-select-dropdown` lists whose options carry their label as title.
 */
export const prodSel = {
  heading: (p: Page, name: string) => p.getByRole('heading', { name, level: 3 }),
  /** `Add flock`, `Add Daily stock`, `Add Feed`, ... (the name also holds the icon's `plus`). */
  add: (p: Page, label: string) => p.getByRole('button', { name: label }),
  drawer: (p: Page) => p.locator('.ant-drawer'),
  /** A field of the open drawer by its records label (`Group No.`, `House`, `Hatch date`, `Females placed`, `Flock`, `Date`, `Feed (kg)`). */
  field: (p: Page, label: string) => p.locator('.ant-drawer').getByLabel(label, { exact: true }),
  save: (p: Page) => p.locator('.ant-drawer').getByRole('button', { name: 'Save' }),
  option: (p: Page, title: string) => p.locator('.ant-select-dropdown:visible').getByTitle(title, { exact: true }),
  /** List filters: Farm, House, Flock (options `House · Group`), Days; flock page: Current / History. */
  filter: (p: Page, label: 'Farm' | 'House' | 'Flock' | 'Days') => p.getByRole('search').getByLabel(label, { exact: true }),
  statusView: (p: Page, which: 'Current' | 'History') => p.getByRole('search').getByText(which, { exact: true }),
  /** Body rows of the list (or of the quick-entry grid); `data-row-key` = record id (flock id in the grid). */
  rows: (p: Page) => p.locator('.fs-prod-page .ant-table-tbody tr.ant-table-row'),
  row: (p: Page, text: string) => p.locator('.fs-prod-page .ant-table-tbody tr.ant-table-row').filter({ hasText: text }),
  /** Flock list cells: day age and birds present (`4,997`). */
  present: (p: Page, groupNo: string) =>
    p.locator('.fs-prod-page tr.ant-table-row').filter({ hasText: groupNo }).getByTestId('prod-flock-present'),
  /** Row actions: `Edit flock G1`, `Close flock G1`, `Delete flock G1`; daily: `Edit record of G1 on 2026-11-21`. */
  action: (p: Page, name: string) => p.getByRole('button', { name, exact: true }),
  /** Feed and water rows the meters filled. */
  measuredTag: (p: Page) => p.getByTestId('measured-tag'),
  /** Template, Import (a file chooser), Export. */
  template: (p: Page) => p.getByRole('button', { name: 'Template' }),
  importFile: (p: Page) => p.locator('.fs-prod-toolbar input[type="file"]'),
  export: (p: Page) => p.getByRole('button', { name: 'Export' }),
  /** The import result dialog and its table of refused rows (Row, Field, Problem). */
  importReport: (p: Page) => p.getByTestId('import-report'),
  importErrors: (p: Page) => p.getByRole('table', { name: 'Refused rows' }),
  /** Quick entry: mode switch, day, one input per house (`Dead Broiler House 1 G1`), Save all, per-row result. */
  mode: (p: Page, which: 'Records' | 'Quick entry') => p.locator('.ant-segmented').getByText(which, { exact: true }),
  quickDay: (p: Page) => p.getByLabel('Day', { exact: true }),
  quickInput: (p: Page, field: string, shed: string, groupNo: string) => p.getByLabel(`${field} ${shed} ${groupNo}`, { exact: true }),
  quickSave: (p: Page) => p.getByRole('button', { name: 'Save all' }),
  quickResult: (p: Page, flockId: number | string) => p.locator(`tr[data-row-key="${flockId}"]`).getByTestId('quick-result'),
  quickRow: (p: Page, groupNo: string) => p.getByTestId('quick-entry').locator('tr.ant-table-row').filter({ hasText: groupNo }),
};

/** Alarms (issue 13, namespace `alarms`): the top-bar bell, a shed card in alarm, /warningmanagement/warningrecord. */
export const alarmSel = {
  /** `data-count` = active, unacknowledged, not shelved alarms; a click opens the records list. */
  bell: (p: Page) => p.getByTestId('alarm-bell'),
  /** The card's `data-alarm-level` (1 high, 2 medium, 3 low; absent without an active alarm). */
  card: (p: Page, shed: string) => p.getByRole('article', { name: shed }),
  rows: (p: Page) => p.locator('tr[data-row-key]'),
  row: (p: Page, rule: string) => p.locator('tr[data-row-key]').filter({ hasText: rule }),
  ack: (p: Page, rule: string, shed: string) => p.getByRole('button', { name: `Acknowledge alarm ${rule} in ${shed}` }),
  /** The acknowledge dialog: optional comment, then `Acknowledge`. */
  comment: (p: Page) => p.getByRole('dialog').getByLabel('Comment (optional)'),
  confirm: (p: Page) => p.getByRole('dialog').getByRole('button', { name: 'Acknowledge' }),
  /** Row cells: `alarm-level` (`data-level`), `alarm-state`, `alarm-ack` (`<account> · <short date and time of the locale>`, then the comment). */
  cell: (row: Locator, testId: 'alarm-level' | 'alarm-state' | 'alarm-ack') => row.getByTestId(testId),
};

/**
 * Alarm push (issue 13): /pushmanagement/pushpolicyconfiguration (the farm's strategy, edited in
 * its dialog), /pushmanagement/pushlist, and the page of an e-mail's acknowledge link (server HTML).
 */
export const pushSel = {
  editStrategy: (p: Page, name: string) => p.getByRole('button', { name: `Edit push strategy ${name}` }),
  extraEmails: (p: Page) => p.getByRole('dialog').getByLabel('Other e-mail addresses'),
  sendDelay: (p: Page) => p.getByRole('dialog').getByLabel('Gather for (seconds)'),
  save: (p: Page) => p.getByRole('dialog').getByRole('button', { name: 'Save' }),
  /** A sent message's row, by recipient; its status tag is `push-status`. */
  message: (p: Page, recipient: string) => p.locator('tr[data-row-key]').filter({ hasText: recipient }),
  status: (row: Locator) => row.getByTestId('push-status'),
  /** The acknowledge link's page: the button (a form POST), then the result with `data-acknowledged`. */
  linkConfirm: (p: Page) => p.getByRole('button', { name: 'Acknowledge' }),
  linkResult: (p: Page) => p.locator('#push-ack-result'),
};

/** Silos (issue 15): the status page's cards, one per silo (role article, named by the silo). */
export const siloSel = {
  card: (p: Page, silo: string) => p.getByRole('article', { name: silo }),
  /** "Empty in 3-4 days", with the reorder tag inside when the soonest day is within the lead time. */
  forecast: (card: Locator) => card.getByTestId('silo-forecast'),
  reorder: (card: Locator) => card.getByTestId('silo-reorder'),
  weight: (card: Locator) => card.getByTestId('silo-weight'),
};

/** Remote control (issue 14): the day-age curve page, the control code dialog and the option log. */
export const controlSel = {
  shed: (p: Page) => p.locator('#curve-shed'),
  target: (p: Page, row: number) => p.getByLabel(`Target (°C) ${row}`, { exact: true }),
  apply: (p: Page) => p.getByRole('button', { name: 'Apply curve' }),
  code: (p: Page) => p.getByRole('dialog').getByLabel('Code', { exact: true }),
  confirm: (p: Page) => p.getByRole('dialog').getByRole('button', { name: 'Confirm and send' }),
  results: (p: Page) => p.getByRole('list', { name: 'Result per house' }),
  /** The house's status line: the newest version's status, "Desired version n, acknowledged version m". */
  status: (p: Page) => p.getByTestId('group-status'),
  logRow: (p: Page, account: string) => p.locator('tr[data-row-key]').filter({ hasText: account }).first(),
};

/** Precision feeding (issue 15): feed info, the plan list (row actions, dispatch counts) and the feeding records. */
export const feedingSel = {
  addFeed: (p: Page) => p.getByRole('button', { name: 'Add feed' }),
  addPlan: (p: Page) => p.getByRole('button', { name: 'Add plan' }),
  /** A plan's row: its status tag and "Confirmed n · pending n · failed n". */
  planRow: (p: Page, plan: string) => p.locator('tr[data-row-key]').filter({ hasText: plan }),
  dispatch: (p: Page, plan: string) => p.getByRole('button', { name: `Dispatch ${plan}`, exact: true }),
  /** The records table's rows, newest day first. */
  recordRows: (p: Page) => p.locator('tr[data-row-key]'),
};
