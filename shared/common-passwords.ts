/**
 * The most common passwords of at least 8 characters (from public breach top lists), plus a few local
 * favourites. Refused at sign-up, change and reset. Compared case-insensitively.
 */
const COMMON = `
12345678 123456789 1234567890 password password1 password123 passw0rd qwertyuiop qwerty123 qwerty12
11111111 00000000 88888888 66666666 12341234 87654321 123123123 1q2w3e4r 1q2w3e4r5t zaq12wsx
iloveyou abc12345 abcd1234 abcdefgh football baseball sunshine princess whatever trustno1
welcome1 welcome123 admin123 administrator letmein1 monkey123 dragon123 superman 1qaz2wsx
asdfghjkl asdf1234 zxcvbnm1 computer internet starwars michelle jennifer q1w2e3r4 q1w2e3r4t5
11223344 12344321 147258369 159357456 987654321 123456abc aa123456 a1234567 1234abcd
matkhau123 matkhau1 anhyeuem emyeuanh 12345679 vietnam1 vietnam123 hanoi123 saigon123 truyxuat
truyxuatnguongoc changeme changeme123 secret123 password1234 qwertyui 1234qwer
`
  .split(/\s+/)
  .filter(Boolean);

const SET = new Set(COMMON);

export function isCommonPassword(password: string): boolean {
  return SET.has(password.toLowerCase());
}
