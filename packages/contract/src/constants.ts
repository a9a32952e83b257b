/** Business constants and limits of the specification (§9), and server defaults from PRODUCT.md. */
export const PRODUCT_NAME = 'Heed';
export const ADMIN_NAME = 'Heed Admin';

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 500;
export const DEFAULT_SORT = { sortBy: 'id', sortOrder: 'asc' } as const;
export const COURSE_LOG_SORT = { sortBy: 'master_id', sortOrder: 'asc' } as const;
export const AUDIT_LOG_SORT = { sortBy: 'timestamp', sortOrder: 'desc' } as const;

export const SEARCH_DEBOUNCE_MS = 250;
export const MODAL_FILTER_DEBOUNCE_MS = 500;
export const INFINITE_SCROLL_DISTANCE_PX = 10;
export const INFINITE_SCROLL_INTERVAL_MS = 500;

export const SNACKBAR_DURATION_MS = 3500;
export const FLASH_SNACKBAR_DEFAULTS = { duration: 5000, type: 'is-danger', position: 'is-bottom' } as const;
export const ERROR_NOTICE_DURATION_MS = 5000;
export const TOAST_DURATION_MS = 2000;
export const INFO_MESSAGE_DURATION_MS = 10000;
export const SUCCESS_NOTICE_DEFAULTS = { type: 'success', position: 'bottom-right' } as const;
export const NOTICE_POSITIONS = ['top-right', 'top-left', 'bottom-left', 'bottom-right'] as const;

export const MODAL_CLOSE_DELAY_MS = 150;
export const SPINNER_REMOVAL_DEBOUNCE_MS = 50;
export const SELECTABLE_TREE_HEIGHT_PX = 300;
export const SEARCH_FIELD_MIN_LENGTH = 1;
export const USER_SEARCH_MIN_LENGTH = 2;
export const DATE_PICKER_YEARS_BEFORE = 100;
export const DATE_PICKER_YEARS_AFTER = 10;
/** The root course category (spec §5): it cannot be toggled in a selectable tree. */
export const ROOT_CATEGORY_NAME = 'System Root';

export const ROUTER_BASE = '/admin';
export const API_PREFIX = '/api';
export const API_VERSION_PREFIX = '/v3';
export const STORAGE_PREFIX = 'heed.';
export const COMPANY_HEADER = 'X-Company-ID';
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'X-XSRF-TOKEN';
export const SESSION_COOKIE = 'heed_session';
export const LOGOUT_CHANNEL = 'heed.session';
export const LOGOUT_BROADCAST = 'logged-out';

export const DEFAULT_DEPARTMENT_LABEL = 'Department';

/** The console's Help menu (spec §2 Header): both open in a new tab. */
export const SUPPORT_EMAIL = 'support@heed.test';
export const HELP_CENTER_URL = 'https://help.heed.test';

/** Session lifetimes (PRODUCT.md "Server behaviour"); a company may override them. */
export const SESSION_IDLE_MINUTES = 30;
export const SESSION_ABSOLUTE_HOURS = 12;

/** Failed sign-ins allowed per window before the account or IP is throttled. */
export const LOGIN_THROTTLE = { perAccount: 20, perIp: 100, windowMinutes: 15 } as const;
