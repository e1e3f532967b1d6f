/**
 * Passwords of 8 or more characters that top the published lists of leaked passwords (SecLists, NCSC, Have I Been
 * Pwned), plus the obvious film and Indian ones. A password found here, in any case, is refused at registration.
 */
const list = `12345678 123456789 1234567890 12345678910 123123123 11111111 00000000 88888888 87654321 987654321
password password1 password12 password123 password1234 passw0rd p@ssw0rd p@ssword pa$$word
qwertyui qwertyuiop qwerty123 qwerty12 1qaz2wsx 1q2w3e4r 1q2w3e4r5t zaq12wsx qazwsxedc asdfghjk asdfasdf
iloveyou iloveyou1 sunshine princess football baseball superman batman123 starwars whatever trustno1 welcome1
welcome123 letmein1 letmein123 abc12345 abcd1234 abcdefgh 12qwaszx monkey123 dragon123 master123 shadow123
michael1 jennifer charlie1 computer internet changeme default1 administrator admin123 admin1234 root1234
freedom1 mustang1 liverpool chelsea1 arsenal1 manchester cricket1 sachin10 sachin123 india123 india1234
bharat123 hindustan mumbai123 delhi1234 bangalore chennai1 kolkata1 hyderabad jaihind1 krishna1 ganesh123
shivani1 priyanka bollywood bollywood1 tollywood kollywood cinema123 cineverse cineverse1 actor123 director1
hero1234 srk12345 shahrukh salmankhan amitabh1 deepika1 katrina1 aishwarya 11223344 12341234 12121212 13131313
99999999 77777777 55555555 22222222 33333333 44444444 66666666 147258369 159753456 741852963 123654789
qwerty1234 asdf1234 zxcvbnm1 zxcvbnm123 passport football1 baseball1 basketball sunshine1 princess1 iloveu123
lovely123 loveyou1 mylove123 babygirl1 ashley123 michelle daniel123 jessica1 jordan23 hunter12 killer123
pokemon1 naruto123 minecraft fortnite1 google123 samsung1 nokia123 apple123 facebook1 instagram whatsapp1`;

export const commonPasswords: ReadonlySet<string> = new Set(list.split(/\s+/).filter(Boolean));

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}
