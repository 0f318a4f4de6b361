/**
 * The messages every page may need before sign-in: success, error codes and account field validation.
 * Kept apart from the area tables so that the console's first page carries only these.
 */
export const coreZh = {
  ok: '成功',
  'err.invalidInput': '参数错误',
  'err.notFound': '记录不存在',
  'err.conflict': '记录已存在',
  'err.unauthorized': '登录已失效，请重新登录',
  'err.internal': '服务器内部错误！',
  'err.captchaRequired': '请先完成滑块验证',
  'err.captchaWrong': '滑块验证未通过，请重试',
  'err.captchaExpired': '滑块验证已过期，请重新验证',
  'err.badCredentials': '账号或密码错误',
  'err.accountExists': '该账号已注册',
  'err.codeWrong': '验证码错误或已过期',
  'err.codeTooSoon': '发送过于频繁，请{{seconds}}秒后再试',
  'err.tooManyAttempts': '尝试次数过多，请{{minutes}}分钟后再试',
  'err.secondStepRequired': '需要二次验证',
  'err.secondStepExpired': '二次验证已过期，请重新登录',
  'err.accountNotFound': '账号不存在',
  'err.inviteCodeUnknown': '邀请码不存在',
  'err.inviteCodeTaken': '该邀请码已被使用',
  'err.twoStepNotReady': '请先绑定{{what}}',
  'err.profileIncomplete': '请先完善个人信息',
  'err.accountClosed': '该账户已注销，不能再登录',
  'err.accountCloseBlocked': '账户暂不能注销：{{reasons}}',
  'err.verificationRequired': '请先完成实名认证再支付',
  'v.required': '此项为必填项',
  'v.emailFormat': '邮箱格式不正确',
  'v.phoneFormat': '电话格式不正确',
  'v.phoneEmpty': '手机号不能为空',
  'v.phoneWrong': '手机号格式错误',
  'v.passwordEmpty': '请填写密码',
  'v.passwordLength': '密码位数至少6位以上',
  'v.passwordHash': '密码须以 SHA-256 摘要发送',
  'v.codeFormat': '验证码由6位数字组成',
  'v.inviteCodeChars': '邀请码只能由数字或字母组成',
  'v.inviteCodeLength': '有效长度为4~128个字符',
  'v.usernameEmpty': '请填写手机号或邮箱',
  'v.usernameFormat': '请输入正确的手机号或邮箱',
  'v.telOrEmail': '请填写手机号或邮箱',
  'v.authType': '不支持的验证方式',
  'v.status': '状态只能是 Y 或 N',
  'w.phone': '手机号',
  'w.email': '邮箱',
  'w.google': '谷歌身份验证器',
  'purpose.signup': '注册账号',
  'purpose.reset': '重置密码',
  'purpose.login': '登录验证',
  'purpose.twoStep': '修改二次验证设置',
  'purpose.close': '注销账户',
  'purpose.ownership': '转让账户所有权',
  'msg.codeSubject': 'CertHub 验证码：{{code}}',
  'msg.codeBody': '您的验证码是 {{code}}，用于{{purpose}}，{{minutes}}分钟内有效。如非本人操作，请忽略本消息。',
  'err.unavailable': '服务暂时不可用，请稍后重试',
  'err.tooManyRequests': '请求过于频繁，请{{seconds}}秒后再试',
  'v.text.nul': '{{field}} 不能包含空字符（U+0000）',
  'v.text.surrogate': '{{field}} 含有无效的 Unicode 字符（不成对的代理项）',
  'v.text.tooLong': '{{field}} 最多 {{max}} 个字符',
  'v.text.type': '{{field}} 须为文本',
  'v.list.type': '{{field}} 须为列表',
  'v.list.tooLong': '{{field}} 最多 {{max}} 项',
  'v.int.type': '{{field}} 须为整数',
  'v.int.tooSmall': '{{field}} 不能小于 {{min}}',
  'v.int.tooBig': '{{field}} 不能大于 {{max}}',
  'v.id': '{{field}} 须为 1 至 2147483647 之间的整数',
  'v.date': '{{field}} 须为存在的日期（YYYY-MM-DD，年份 0001–9999）',
  'v.dateTime': '{{field}} 须为存在的日期（YYYY-MM-DD）或 ISO 8601 时间',
  'w.request': '请求',
  'err.badUrl': '请求地址含有无效的百分号编码',
  'err.paramTooLong': '路径参数过长（最多 {{max}} 个字符）',
  'err.routeNotFound': '接口不存在：{{method}} {{path}}',
  'err.methodNotAllowed': '{{path}} 不支持 {{method}} 请求，可用的方法：{{allowed}}',
  'err.badJson': '请求体不是有效的 JSON',
  'err.emptyJsonBody': '请求头声明了 JSON，但请求体为空',
  'err.contentLength': '请求体的长度与 Content-Length 不符',
  'err.bodyTooLarge': '请求体过大（最多 {{max}}）',
  'err.unsupportedMediaType': '不支持的请求体类型 {{type}}，请使用 application/json 或 application/x-www-form-urlencoded',
  'err.badRequest': '请求无法处理（HTTP {{status}}）',
  'v.emailEmpty': '邮箱不能为空',
} as const;

export type CoreMessageKey = keyof typeof coreZh;

export const coreEn: Record<CoreMessageKey, string> = {
  ok: 'Success',
  'err.invalidInput': 'Invalid parameters',
  'err.notFound': 'Record not found',
  'err.conflict': 'Record already exists',
  'err.unauthorized': 'Your session has expired, please sign in again',
  'err.internal': 'Internal server error!',
  'err.captchaRequired': 'Please complete the slider check first',
  'err.captchaWrong': 'Slider check failed, please try again',
  'err.captchaExpired': 'The slider check has expired, please try again',
  'err.badCredentials': 'Wrong account or password',
  'err.accountExists': 'This account is already registered',
  'err.codeWrong': 'The verification code is wrong or has expired',
  'err.codeTooSoon': 'Sent too often, please try again in {{seconds}} s',
  'err.tooManyAttempts': 'Too many attempts, please try again in {{minutes}} min',
  'err.secondStepRequired': 'Second-step validation required',
  'err.secondStepExpired': 'The second step has expired, please sign in again',
  'err.accountNotFound': 'Account not found',
  'err.inviteCodeUnknown': 'Unknown invite code',
  'err.inviteCodeTaken': 'This invite code is taken',
  'err.twoStepNotReady': 'Please bind your {{what}} first',
  'err.profileIncomplete': 'Please complete your personal information',
  'err.accountClosed': 'This account has been closed and can no longer be signed in to',
  'err.accountCloseBlocked': 'The account cannot be closed yet: {{reasons}}',
  'err.verificationRequired': 'Complete real-name verification before paying',
  'v.required': 'This field is required',
  'v.emailFormat': 'Email format incorrect',
  'v.phoneFormat': 'Phone number format incorrect',
  'v.phoneEmpty': 'Phone number cannot be empty',
  'v.phoneWrong': 'Phone number format wrong',
  'v.passwordEmpty': 'Please enter the password',
  'v.passwordLength': 'The password must have at least 6 characters',
  'v.passwordHash': 'The password must be sent as its SHA-256 digest',
  'v.codeFormat': 'The verification code is 6 digits',
  'v.inviteCodeChars': 'The invite code must consist of digits or letters',
  'v.inviteCodeLength': 'Valid length is 4~128 characters',
  'v.usernameEmpty': 'Please enter a phone number or email',
  'v.usernameFormat': 'Please enter a valid phone number or email',
  'v.telOrEmail': 'Please enter a phone number or email',
  'v.authType': 'Unsupported validation method',
  'v.status': 'Status must be Y or N',
  'w.phone': 'phone number',
  'w.email': 'e-mail address',
  'w.google': 'Google Authenticator',
  'purpose.signup': 'signing up',
  'purpose.reset': 'resetting your password',
  'purpose.login': 'signing in',
  'purpose.twoStep': 'changing your second-step settings',
  'purpose.close': 'closing your account',
  'purpose.ownership': 'handing over ownership of your account',
  'msg.codeSubject': 'CertHub verification code: {{code}}',
  'msg.codeBody': 'Your verification code is {{code}}, for {{purpose}}. It is valid for {{minutes}} minutes. If this was not you, ignore this message.',
  'err.unavailable': 'Service temporarily unavailable, please try again shortly',
  'err.tooManyRequests': 'Too many requests, please try again in {{seconds}} s',
  'v.text.nul': '{{field}} must not contain the NUL character (U+0000)',
  'v.text.surrogate': '{{field}} contains an invalid Unicode character (an unpaired surrogate)',
  'v.text.tooLong': '{{field}} must be at most {{max}} characters',
  'v.text.type': '{{field}} must be text',
  'v.list.type': '{{field}} must be a list',
  'v.list.tooLong': '{{field}} must have at most {{max}} items',
  'v.int.type': '{{field}} must be a whole number',
  'v.int.tooSmall': '{{field}} must be at least {{min}}',
  'v.int.tooBig': '{{field}} must be at most {{max}}',
  'v.id': '{{field}} must be a whole number from 1 to 2147483647',
  'v.date': '{{field}} must be a date that exists (YYYY-MM-DD, years 0001–9999)',
  'v.dateTime': '{{field}} must be a date that exists (YYYY-MM-DD) or an ISO 8601 time',
  'w.request': 'The request',
  'err.badUrl': 'The request address has an invalid percent-encoding',
  'err.paramTooLong': 'A path parameter is too long (at most {{max}} characters)',
  'err.routeNotFound': 'No such call: {{method}} {{path}}',
  'err.methodNotAllowed': '{{path}} does not take {{method}}; it takes {{allowed}}',
  'err.badJson': 'The request body is not valid JSON',
  'err.emptyJsonBody': 'The request says its body is JSON, but the body is empty',
  'err.contentLength': 'The request body length does not match its Content-Length',
  'err.bodyTooLarge': 'The request body is too large (at most {{max}})',
  'err.unsupportedMediaType': 'Unsupported body type {{type}}: send application/json or application/x-www-form-urlencoded',
  'err.badRequest': 'The request cannot be processed (HTTP {{status}})',
  'v.emailEmpty': 'Email cannot be empty',
};

export type Locale = 'zh' | 'en';
export type MessageTable = Record<string, string>;
export const coreMessages: Record<Locale, MessageTable> = { zh: coreZh, en: coreEn };

const placeholder = /\{\{(\w+)\}\}/g;

/**
 * Translates a key in a table, filling {{name}} placeholders. Unknown keys come back as they are. A placeholder
 * given no value stays as written, with or without params: a caller that forgot one shows it (and a test that looks
 * for placeholders finds it) instead of a sentence with a hole in it.
 */
export function translateIn(tables: Record<Locale, MessageTable>, locale: Locale, key: string, params?: Record<string, string | number>): string {
  const text = tables[locale][key] ?? key;
  if (!params) return text;
  return text.replace(placeholder, (whole, n: string) => {
    const v: unknown = params[n];
    return v === undefined || v === null ? whole : String(v);
  });
}

/** The placeholders of a text, {{name}} ones, in order (a template's parameters, or those a rendering left unfilled). */
export const placeholdersOf = (text: string): string[] => [...text.matchAll(placeholder)].map((m) => m[1]!);

/** Picks the locale from a `lang` header or Accept-Language; zh by default. */
export function pickLocale(lang?: string | null, acceptLanguage?: string | null): Locale {
  const v = (lang || acceptLanguage || '').toLowerCase();
  return v.startsWith('en') ? 'en' : 'zh';
}
