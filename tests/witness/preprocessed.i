# 1 "preprocessed.c"
# 1 "<built-in>" 1
# 1 "<command-line>" 2
# 1 "preprocessed.c"
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "preprocessed.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
# 40 "preprocessed.c"
int main(void) {
  int x = __VERIFIER_nondet_int();
#line 200 "elsewhere.c"
  if (x == 77)
    reach_error();
  return 0;
}
