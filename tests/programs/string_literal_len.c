// expect: true
// string literal length, char array size including the terminator, literal contents
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
  const char *s = "hello";
  char arr[] = "abc";
  int len = 0;
  while (len < 10 && s[len] != '\0') len++;
  if (len != 5) reach_error();
  if (sizeof(arr) != 4 || arr[3] != 0 || arr[1] != 'b') reach_error();
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i < 5);
  if (s[i] == 0) reach_error();
  if (s[i] < 'e' || s[i] > 'o') reach_error();
  return 0;
}
