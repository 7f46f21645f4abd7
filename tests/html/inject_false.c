// expect: false
// An error path whose source and strings hold HTML: the page must show
// them as text (no element, no script). </pre><script>alert(1)</script>
extern void abort(void);
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { abort(); }
static const char *tag = "<script>alert('x')</script> & <b>bold</b>";
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (x > 10 && tag[0] == '<') {
    if (y == x + 3) {
      reach_error(); /* <img src=x onerror=alert(2)> */
    }
  }
  return 0;
}
