/** Signing in at the console. */
export const SESSION_COPY = {
  title: "登录",
  heading: "员工登录",
  login: "账号",
  loginPlaceholder: "手机号或用户名",
  loginRequired: "请输入账号",
  password: "密码",
  passwordPlaceholder: "密码",
  passwordRequired: "请输入密码",
  submit: "登录",
  wrongCredentials: "账号或密码错误",
  tooManyAttempts: "尝试次数过多，请稍后再试",
  noRestaurant: "该账号没有可管理的门店",
} as const;
