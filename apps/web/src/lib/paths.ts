export const LOGIN_PATH = '/authen/login';
export const LOGOUT_PATH = '/authen/logout';
export const FORGOT_PASSWORD_PATH = '/forgot-password';
export const HOME_PATH = '/System/dashboard';
