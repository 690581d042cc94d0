//! [`Number`]: an exact real in a tower of quadratic extensions of ℚ.

use std::borrow::Cow;
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};

use num_bigint::{BigInt, Sign as BigSign};
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

use super::coeffs;
use super::interval::Interval;
use super::tower::{big_interval, Tower};
use super::{FieldError, Sign};

/// The deepest tower [`Number::sqrt`] will build. A dense element at depth `k` has `2^k`
/// coordinates and a product costs about `4^k` integer products, so deeper towers are not
/// useful in practice; the limit keeps memory and time bounded on any input.
pub const MAX_DEPTH: usize = 12;

/// An exact real number that a straightedge and compass can construct from rationals.
///
/// It lives in a tower `ℚ(√r_1, …, √r_k)` where each `r_i` is positive and not a square in the
/// field below, so `{1, √r_k}` is a basis at every level and the representation is unique:
/// within one tower, equality is structural. Numbers from different towers are combined by
/// merging the towers (a root that is already a square in the other tower is substituted, not
/// adjoined), so equality holds whatever route built the numbers.
///
/// ```
/// use constructible::Number;
/// let two = Number::from(2);
/// let three = Number::from(3);
/// let lhs = (Number::from(5) + Number::from(2) * Number::from(6).sqrt().unwrap()).sqrt().unwrap();
/// assert_eq!(lhs, two.sqrt().unwrap() + three.sqrt().unwrap());
/// assert_eq!(Number::from(2).sqrt().unwrap() * Number::from(8).sqrt().unwrap(), Number::from(4));
/// let x = Number::one().checked_div(&(Number::one() + two.sqrt().unwrap())).unwrap();
/// assert_eq!(x.to_string(), "-1 + sqrt(2)");
/// ```
#[derive(Clone)]
pub struct Number {
    pub(super) tower: Tower,
    /// Integer coordinates, `2^depth` of them; the top half is not all zero (minimal tower).
    pub(super) num: Vec<BigInt>,
    /// Positive common denominator, coprime with the content of `num`.
    pub(super) den: BigInt,
}

impl Number {
    /// Zero.
    pub fn zero() -> Number {
        Number::from(0)
    }

    /// One.
    pub fn one() -> Number {
        Number::from(1)
    }

    /// The rational `num / den`, or an error when `den` is zero.
    ///
    /// ```
    /// use constructible::Number;
    /// assert_eq!(Number::ratio(6, -4).unwrap().to_string(), "-3/2");
    /// assert!(Number::ratio(1, 0).is_err());
    /// ```
    pub fn ratio(num: impl Into<BigInt>, den: impl Into<BigInt>) -> Result<Number, FieldError> {
        let den = den.into();
        if den.is_zero() {
            return Err(FieldError::DivisionByZero);
        }
        Ok(Number::from_parts(Tower::rational(), vec![num.into()], den))
    }

    /// Normalises coordinates over a denominator into a number (sign, content, minimal tower).
    fn from_parts(tower: Tower, mut num: Vec<BigInt>, mut den: BigInt) -> Number {
        debug_assert_eq!(num.len(), 1 << tower.depth());
        debug_assert!(!den.is_zero());
        if den.is_negative() {
            den = -den;
            num.iter_mut().for_each(|x| *x = -std::mem::take(x));
        }
        let g = coeffs::content(&num, &den);
        if !g.is_one() {
            num.iter_mut().for_each(|x| *x /= &g);
            den /= &g;
        }
        let mut tower = tower;
        while tower.depth() > 0 && coeffs::is_zero(&num[num.len() / 2..]) {
            num.truncate(num.len() / 2);
            tower = tower.parent();
        }
        if coeffs::is_zero(&num) {
            den = BigInt::one();
        }
        Number { tower, num, den }
    }

    /// Whether this is zero.
    pub fn is_zero(&self) -> bool {
        self.num.len() == 1 && self.num[0].is_zero()
    }

    /// How many square roots the tower this number is written in adjoins (0 for a rational):
    /// it depends on how the number was built, not only on its value (`√2·√3` has depth 2, the
    /// equal `√6` depth 1). Arithmetic costs grow as `4^depth`.
    ///
    /// ```
    /// use constructible::Number;
    /// let (r2, r3, r6) = (Number::from(2).sqrt()?, Number::from(3).sqrt()?, Number::from(6).sqrt()?);
    /// assert_eq!((&r2 * &r3, (&r2 * &r3).depth(), r6.depth()), (r6, 2, 1));
    /// # Ok::<(), constructible::field::FieldError>(())
    /// ```
    pub fn depth(&self) -> usize {
        self.tower.depth()
    }

    /// An upper bound on the depth of the tower that holds both numbers (after a merge).
    pub(crate) fn merged_depth_bound(&self, other: &Number) -> usize {
        let common = self.tower.common_prefix(&other.tower).depth();
        self.depth() + other.depth() - common
    }

    /// The size of the largest coordinate plus that of the denominator, in bits.
    pub(crate) fn size_bits(&self) -> u64 {
        self.num.iter().map(BigInt::bits).max().unwrap_or(0) + self.den.bits()
    }

    /// The value as a rational, if it is one.
    ///
    /// ```
    /// use constructible::Number;
    /// let x = Number::from(3).sqrt().unwrap();
    /// assert_eq!((&x * &x).to_rational().unwrap().to_string(), "3");
    /// assert!(x.to_rational().is_none());
    /// ```
    pub fn to_rational(&self) -> Option<BigRational> {
        (self.depth() == 0).then(|| BigRational::new(self.num[0].clone(), self.den.clone()))
    }

    /// The coefficient of 1 in the tower basis: `trace / degree`, which does not depend on the
    /// tower the number is written in, so it can back `Hash`.
    fn rational_part(&self) -> BigRational {
        BigRational::new(self.num[0].clone(), self.den.clone())
    }

    /// `self = a + b·√r` where `√r` is the top root of `tower` (which must contain `self`).
    pub(super) fn split_at(&self, tower: &Tower) -> (Number, Number) {
        debug_assert!(tower.depth() >= 1 && self.tower.is_prefix_of(tower));
        if self.depth() < tower.depth() {
            return (self.clone(), Number::zero());
        }
        let half = self.num.len() / 2;
        let parent = tower.parent();
        (
            Number::from_parts(parent.clone(), self.num[..half].to_vec(), self.den.clone()),
            Number::from_parts(parent, self.num[half..].to_vec(), self.den.clone()),
        )
    }

    /// The radicand of the top level of `tower`, as a number of the level below.
    pub(super) fn radicand(tower: &Tower) -> Number {
        Number::from_parts(
            tower.parent(),
            tower.radicand_coeffs().to_vec(),
            BigInt::one(),
        )
    }

    /// `a + b·√r` for the top root `√r` of `tower`; `a` and `b` live in its parent.
    fn join(tower: &Tower, a: &Number, b: &Number) -> Number {
        let half = 1usize << (tower.depth() - 1);
        let den = a.den.lcm(&b.den);
        let (fa, fb) = (&den / &a.den, &den / &b.den);
        let mut num = vec![BigInt::zero(); 2 * half];
        for (slot, x) in num.iter_mut().zip(&a.num) {
            *slot = x * &fa;
        }
        for (slot, x) in num[half..].iter_mut().zip(&b.num) {
            *slot = x * &fb;
        }
        Number::from_parts(tower.clone(), num, den)
    }

    /// Both numbers written over one chain of towers: returns the deeper tower of the chain,
    /// `self`, and `other` (re-expressed if the towers had to be merged).
    fn align<'a>(&'a self, other: &'a Number) -> (Tower, Cow<'a, Number>, Cow<'a, Number>) {
        if self.tower.is_prefix_of(&other.tower) {
            return (
                other.tower.clone(),
                Cow::Borrowed(self),
                Cow::Borrowed(other),
            );
        }
        if other.tower.is_prefix_of(&self.tower) {
            return (
                self.tower.clone(),
                Cow::Borrowed(self),
                Cow::Borrowed(other),
            );
        }
        let (tower, moved) = merge_into(&self.tower, other);
        (tower, Cow::Borrowed(self), Cow::Owned(moved))
    }

    /// `1 / self`, or an error for zero.
    pub fn recip(&self) -> Result<Number, FieldError> {
        if self.is_zero() {
            return Err(FieldError::DivisionByZero);
        }
        if self.depth() == 0 {
            return Ok(Number::from_parts(
                Tower::rational(),
                vec![self.den.clone()],
                self.num[0].clone(),
            ));
        }
        // 1/(a + b√r) = (a - b√r) / (a² - b² r); the norm is non-zero as √r ∉ K.
        let (a, b) = self.split_at(&self.tower);
        let r = Number::radicand(&self.tower);
        let norm_inv = (&a * &a - &b * &b * &r).recip()?;
        Ok(Number::join(
            &self.tower,
            &(&a * &norm_inv),
            &-(&b * &norm_inv),
        ))
    }

    /// `self / other`, or an error when `other` is zero.
    pub fn checked_div(&self, other: &Number) -> Result<Number, FieldError> {
        Ok(self * &other.recip()?)
    }

    /// `self^exp` for any integer exponent (a negative one inverts; `0^-1` is an error).
    /// Powers of 0, 1 and −1 are cheap for any exponent; any other power whose coordinates
    /// would pass [`MAX_BITS`](super::expr::MAX_BITS) bits is [`FieldError::TooLarge`].
    ///
    /// ```
    /// use constructible::{field::FieldError, Number};
    /// let r2 = Number::from(2).sqrt().unwrap();
    /// assert_eq!(r2.pow(10).unwrap(), Number::from(32));
    /// assert_eq!(r2.pow(-2).unwrap(), Number::ratio(1, 2).unwrap());
    /// assert_eq!((-Number::one()).pow(i64::MAX).unwrap(), -Number::one());
    /// assert_eq!(r2.pow(i64::MAX).unwrap_err(), FieldError::TooLarge);
    /// ```
    pub fn pow(&self, exp: i64) -> Result<Number, FieldError> {
        let unit = self.depth() == 0 && self.den.is_one() && self.num[0].magnitude().is_one();
        let bits = self.size_bits().max(1);
        if !self.is_zero()
            && !unit
            && bits.saturating_mul(exp.unsigned_abs()) > super::expr::MAX_BITS
        {
            return Err(FieldError::TooLarge);
        }
        let base = if exp < 0 { self.recip()? } else { self.clone() };
        let mut e = exp.unsigned_abs();
        let (mut acc, mut sq) = (Number::one(), base);
        while e > 0 {
            if e & 1 == 1 {
                acc = &acc * &sq;
            }
            e >>= 1;
            if e > 0 {
                sq = &sq * &sq;
            }
        }
        Ok(acc)
    }

    /// The sign, exact. An interval enclosure decides most cases; when it cannot, the sign
    /// of `a + b√r` is found from the signs of `a`, `b` and `a² − b² r` one level down.
    pub fn sign(&self) -> Sign {
        if self.is_zero() {
            return Sign::Zero;
        }
        if let Some(s) = self.interval().sign() {
            return s.into();
        }
        self.exact_sign()
    }

    fn exact_sign(&self) -> Sign {
        if self.depth() == 0 {
            return Sign::of(&self.num[0]);
        }
        let (a, b) = self.split_at(&self.tower);
        let (sa, sb) = (a.sign(), b.sign());
        if sb == Sign::Zero || sa == sb {
            return sa;
        }
        if sa == Sign::Zero {
            return sb;
        }
        let r = Number::radicand(&self.tower);
        sa * (&a * &a - &b * &b * &r).sign()
    }

    /// The absolute value.
    pub fn abs(&self) -> Number {
        if self.sign() == Sign::Negative {
            -self
        } else {
            self.clone()
        }
    }

    /// A sound enclosure of the value (`[0, 0]` for zero).
    pub(crate) fn interval(&self) -> Interval {
        if self.is_zero() {
            return Interval::point(0.0);
        }
        let inv_den = big_interval(&self.den)
            .recip()
            .unwrap_or(Interval::EVERYTHING);
        self.tower
            .basis()
            .iter()
            .zip(&self.num)
            .filter(|(_, c)| !c.is_zero())
            .map(|(b, c)| *b * big_interval(c))
            .fold(Interval::point(0.0), |s, x| s + x)
            * inv_den
    }

    /// An `f64` within 2^-44 of the value (relatively, or absolutely for values below 1); when
    /// the enclosure is wider, the bits are read exactly (with [`Number::floor`], so numbers
    /// of any size convert quickly: beyond the range of `f64` the result is infinite).
    /// Exact decisions never use it.
    ///
    /// ```
    /// use constructible::Number;
    /// let huge = Number::from(10).pow(400).unwrap() * Number::from(2).sqrt().unwrap();
    /// assert_eq!(huge.to_f64(), f64::INFINITY);
    /// let r3 = Number::from(3).sqrt().unwrap();
    /// let back = (&huge + &r3) - &huge;
    /// assert!((back.to_f64() - 3f64.sqrt()).abs() < 1e-12);
    /// ```
    pub fn to_f64(&self) -> f64 {
        if self.is_zero() {
            return 0.0;
        }
        let iv = self.interval();
        let (lo, hi) = (iv.lo, iv.hi);
        if lo.is_finite() && hi.is_finite() && lo.signum() == hi.signum() {
            let mid = iv.mid();
            // Tight enough: within 2^-44 of the value (relatively, or absolutely below 1).
            if hi - lo <= mid.abs().max(1.0) * 2f64.powi(-44) {
                return mid;
            }
        }
        // Cancellation (or no finite enclosure): read 62 bits exactly, `floor(x · 2^e)`, with the
        // binary exponent `e` chosen from the enclosure and corrected until the bits are there.
        let magnitude = if lo.is_finite() && hi.is_finite() {
            lo.abs().max(hi.abs())
        } else {
            f64::MAX
        };
        let mut e: i64 = 62 - magnitude.log2().floor().clamp(-1e6, 1e6) as i64;
        for _ in 0..64 {
            let m = (self * &pow2(e)).floor();
            let bits = m.bits() as i64;
            if (60..=63).contains(&bits) || m.is_zero() && e > 4000 {
                let top = i64::try_from(&m).unwrap_or(0) as f64;
                return top
                    * 2f64.powi((-e).clamp(-1074, 1023) as i32)
                    * 2f64.powi(((-e) - (-e).clamp(-1074, 1023)) as i32);
            }
            e += 62 - bits;
        }
        iv.mid()
    }

    /// The largest integer not greater than the number: from a fixed-point approximation
    /// with a proven error bound (integer arithmetic and integer square roots), settled by at
    /// most one exact comparison, so the cost is polynomial in the size of the number.
    ///
    /// ```
    /// use constructible::Number;
    /// let big = Number::from(10).pow(1000).unwrap() * Number::from(2).sqrt().unwrap();
    /// assert!(big.floor().to_string().starts_with("14142135623730950488"));
    /// assert_eq!((-Number::from(2).sqrt().unwrap()).floor(), (-2).into());
    /// ```
    pub fn floor(&self) -> BigInt {
        super::fixed::floor(self)
    }

    /// The decimal expansion truncated to `digits` digits after the point, computed exactly.
    ///
    /// ```
    /// use constructible::Number;
    /// let r2 = Number::from(2).sqrt().unwrap();
    /// assert_eq!(r2.to_decimal(30), "1.414213562373095048801688724209");
    /// assert_eq!((-Number::ratio(1, 3).unwrap()).to_decimal(3), "-0.333");
    /// ```
    pub fn to_decimal(&self, digits: usize) -> String {
        let scale = BigInt::from(10).pow(digits as u32);
        let m = (self.abs() * Number::from(scale.clone())).floor();
        let (int, frac) = m.div_rem(&scale);
        let sign = if self.sign() == Sign::Negative {
            "-"
        } else {
            ""
        };
        if digits == 0 {
            format!("{sign}{int}")
        } else {
            format!("{sign}{int}.{frac:0>digits$}")
        }
    }

    /// Whether the number has a square root in its own field (negative numbers have none).
    ///
    /// ```
    /// use constructible::Number;
    /// let x = Number::from(3) + Number::from(2) * Number::from(2).sqrt().unwrap();
    /// assert!(x.is_square()); // (1 + √2)²
    /// assert!(!Number::from(2).is_square());
    /// ```
    pub fn is_square(&self) -> bool {
        self.sign() != Sign::Negative && sqrt_within(self, &self.tower).is_some()
    }

    /// The non-negative square root. Adjoins a new root to the tower only when the number is
    /// not already a square in its field.
    ///
    /// Errors: [`FieldError::NegativeSqrt`] for a negative number, [`FieldError::TooDeep`]
    /// when the tower would pass [`MAX_DEPTH`].
    pub fn sqrt(&self) -> Result<Number, FieldError> {
        match self.sign() {
            Sign::Zero => return Ok(Number::zero()),
            Sign::Negative => return Err(FieldError::NegativeSqrt),
            Sign::Positive => {}
        }
        if let Some(root) = sqrt_within(self, &self.tower) {
            return Ok(root.abs());
        }
        if self.depth() >= MAX_DEPTH {
            return Err(FieldError::TooDeep);
        }
        Ok(adjoin_root(self, &self.tower).1)
    }
}

/// `2^e` as a number (`e` may be negative).
pub(crate) fn pow2(e: i64) -> Number {
    let p = BigInt::one() << e.unsigned_abs() as usize;
    if e >= 0 {
        Number::from(p)
    } else {
        Number::from_parts(Tower::rational(), vec![BigInt::one()], p)
    }
}

/// A square root of `x` in the field of `tower` (which contains `x`), if there is one.
fn sqrt_within(x: &Number, tower: &Tower) -> Option<Number> {
    if x.is_zero() {
        return Some(Number::zero());
    }
    if tower.depth() == 0 {
        // n/d = (n d) / d²
        let nd = &x.num[0] * &x.den;
        if nd.is_negative() {
            return None;
        }
        let s = nd.sqrt();
        return (&s * &s == nd)
            .then(|| Number::from_parts(Tower::rational(), vec![s], x.den.clone()));
    }
    if x.depth() == tower.depth() && !norm_is_rational_square(x) {
        return None;
    }
    let (a, b) = x.split_at(tower);
    let below = tower.parent();
    let root = Number::from_parts(tower.clone(), unit_root(tower), BigInt::one());
    let r = Number::radicand(tower);
    if b.is_zero() {
        if let Some(c) = sqrt_within(&a, &below) {
            return Some(c);
        }
        let e = sqrt_within(&a.checked_div(&r).ok()?, &below)?;
        return Some(&e * &root);
    }
    // (c + e√r)² = a + b√r  ⇔  c² + e² r = a, 2ce = b; then c² − e² r = ±√(a² − b² r).
    let n = sqrt_within(&(&a * &a - &b * &b * &r), &below)?;
    let p = (&a + &n) * Number::ratio(1, 2).ok()?;
    let two = Number::from(2);
    if let Some(c) = sqrt_within(&p, &below).filter(|c| !c.is_zero()) {
        let e = b.checked_div(&(&two * &c)).ok()?;
        return Some(&c + &(&e * &root));
    }
    let e = sqrt_within(&p.checked_div(&r).ok()?, &below).filter(|e| !e.is_zero())?;
    let c = b.checked_div(&(&two * &e)).ok()?;
    Some(&c + &(&e * &root))
}

/// Coordinates of the top root `√r` of `tower`.
fn unit_root(tower: &Tower) -> Vec<BigInt> {
    let n = 1usize << tower.depth();
    let mut v = vec![BigInt::zero(); n];
    v[n / 2] = BigInt::one();
    v
}

/// A necessary condition for being a square: the norm down to ℚ is a rational square. The norm
/// is taken level by level through `x`'s whole tower (a level where `x` has no root part still
/// squares it).
fn norm_is_rational_square(x: &Number) -> bool {
    let mut n = x.clone();
    let mut level = x.tower.clone();
    while level.depth() > 0 {
        let (a, b) = n.split_at(&level);
        let r = Number::radicand(&level);
        n = &a * &a - &b * &b * &r;
        level = level.parent();
    }
    let nd = &n.num[0] * &n.den;
    !nd.is_negative() && {
        let s = nd.sqrt();
        &s * &s == nd
    }
}

/// Adjoins `√x` to `tower` (which contains `x`; `x` positive, not a square in it) and returns
/// the new tower and the root. The radicand is made integral and freed of small square
/// factors, so that equal roots reached by different routes share one tower node.
fn adjoin_root(x: &Number, tower: &Tower) -> (Tower, Number) {
    // √(N/d) = √(N d) / d ; √(s² M) = s √M
    let len = 1usize << tower.depth();
    let mut radicand: Vec<BigInt> = (0..len)
        .map(|i| x.num.get(i).map_or_else(BigInt::zero, |c| c * &x.den))
        .collect();
    let content = coeffs::content(&radicand, &BigInt::zero());
    let s = square_part(&content);
    if !s.is_one() {
        let s2 = &s * &s;
        radicand.iter_mut().for_each(|c| *c /= &s2);
    }
    let top = tower.adjoin(radicand);
    let mut num = vec![BigInt::zero(); 2 * len];
    num[len] = s;
    let root = Number::from_parts(top.clone(), num, x.den.clone());
    (top, root)
}

/// The largest `s` with `s²` dividing `n` that trial division by small primes (and a final
/// perfect-square test) finds. Not always the largest square divisor, which would need
/// factoring; canonical enough for sharing tower nodes.
fn square_part(n: &BigInt) -> BigInt {
    let mut n = n.abs();
    let mut s = BigInt::one();
    if n.is_zero() {
        return s;
    }
    for p in SMALL_PRIMES {
        let p2 = BigInt::from(p * p);
        while (&n % &p2).is_zero() {
            n /= &p2;
            s *= p;
        }
    }
    let r = n.sqrt();
    if &r * &r == n {
        s *= r;
    }
    s
}

const SMALL_PRIMES: [u32; 25] = [
    2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97,
];

/// Re-expresses `y` in a tower that extends `base`: the roots of `y`'s tower above the common
/// prefix are taken one by one; a root whose radicand is a square in the tower built so far is
/// substituted by that square root, any other is adjoined. Returns the tower and `y` in it.
fn merge_into(base: &Tower, y: &Number) -> (Tower, Number) {
    let common = base.common_prefix(&y.tower);
    let levels = y.tower.levels_above(&common);
    let mut tower = base.clone();
    let mut images: Vec<Number> = Vec::with_capacity(levels.len());
    for level in &levels {
        let r = embed(&Number::radicand(level), &common, &levels, &images);
        let image = match sqrt_within(&r, &tower) {
            Some(root) => root.abs(),
            None => {
                let (t, root) = adjoin_root(&r, &tower);
                tower = t;
                root
            }
        };
        images.push(image);
    }
    let moved = embed(y, &common, &levels, &images);
    (tower, moved)
}

/// The image of `v` (in a prefix of `levels`' tower) when the root of `levels[i]` maps to
/// `images[i]` and everything in `common` maps to itself.
fn embed(v: &Number, common: &Tower, levels: &[Tower], images: &[Number]) -> Number {
    if v.depth() <= common.depth() {
        return v.clone();
    }
    let i = v.depth() - common.depth() - 1;
    let (a, b) = v.split_at(&levels[i]);
    embed(&a, common, levels, images) + embed(&b, common, levels, images) * images[i].clone()
}

impl From<i64> for Number {
    fn from(n: i64) -> Number {
        Number::from(BigInt::from(n))
    }
}

impl From<i32> for Number {
    fn from(n: i32) -> Number {
        Number::from(i64::from(n))
    }
}

impl From<BigInt> for Number {
    fn from(n: BigInt) -> Number {
        Number {
            tower: Tower::rational(),
            num: vec![n],
            den: BigInt::one(),
        }
    }
}

impl From<BigRational> for Number {
    fn from(q: BigRational) -> Number {
        let (n, d) = q.into_raw();
        Number::from_parts(Tower::rational(), vec![n], d)
    }
}

impl PartialEq for Number {
    fn eq(&self, other: &Number) -> bool {
        if self.tower.is_prefix_of(&other.tower) || other.tower.is_prefix_of(&self.tower) {
            // Both minimal in one chain: equal values have equal coordinates.
            return self.tower.same(&other.tower) && self.den == other.den && self.num == other.num;
        }
        if self.rational_part() != other.rational_part() {
            return false;
        }
        (self - other).is_zero()
    }
}

impl Eq for Number {}

impl Hash for Number {
    /// Hashes the rational part (trace over degree), the one coordinate that is the same in
    /// every tower holding the number, so that `Hash` agrees with `Eq` across towers.
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.rational_part().hash(state);
    }
}

impl PartialOrd for Number {
    fn partial_cmp(&self, other: &Number) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Number {
    fn cmp(&self, other: &Number) -> Ordering {
        let (a, b) = (self.interval(), other.interval());
        if a.hi < b.lo {
            return Ordering::Less;
        }
        if b.hi < a.lo {
            return Ordering::Greater;
        }
        (self - other).sign().into()
    }
}

impl fmt::Debug for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self} (≈ {})", self.to_f64())
    }
}

impl fmt::Display for Number {
    /// Radical notation: `-1 + sqrt(2)`, `sqrt(2 + sqrt(3))/2`, `sqrt(2)*sqrt(3)`. The
    /// output parses back (with `eval`) to the same number.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let levels = self.tower.levels_above(&Tower::rational());
        let mut first = true;
        for (m, c) in self.num.iter().enumerate() {
            if c.is_zero() && !(self.is_zero() && m == 0) {
                continue;
            }
            let q = BigRational::new(c.clone(), self.den.clone());
            let monomial: Vec<String> = (0..levels.len())
                .filter(|i| m >> i & 1 == 1)
                .map(|i| format!("sqrt({})", Number::radicand(&levels[i])))
                .collect();
            let term = term(&q, &monomial.join("*"));
            if first {
                write!(f, "{term}")?;
            } else if let Some(rest) = term.strip_prefix('-') {
                write!(f, " - {rest}")?;
            } else {
                write!(f, " + {term}")?;
            }
            first = false;
        }
        Ok(())
    }
}

/// One term `q · monomial` of a sum: `3`, `-sqrt(2)`, `2*sqrt(3)/5`.
fn term(q: &BigRational, monomial: &str) -> String {
    if monomial.is_empty() {
        return q.to_string();
    }
    let (n, d) = (q.numer(), q.denom());
    let sign = if n.sign() == BigSign::Minus { "-" } else { "" };
    let n = n.abs();
    let head = if n.is_one() {
        monomial.to_string()
    } else {
        format!("{n}*{monomial}")
    };
    if d.is_one() {
        format!("{sign}{head}")
    } else {
        format!("{sign}{head}/{d}")
    }
}

/// Implements an arithmetic operator once, on references, and derives the owned forms.
macro_rules! forward_binop {
    ($trait:ident, $method:ident, $body:expr) => {
        impl std::ops::$trait<&Number> for &Number {
            type Output = Number;
            fn $method(self, other: &Number) -> Number {
                let f: fn(&Number, &Number) -> Number = $body;
                f(self, other)
            }
        }
        impl std::ops::$trait<Number> for Number {
            type Output = Number;
            fn $method(self, other: Number) -> Number {
                std::ops::$trait::$method(&self, &other)
            }
        }
        impl std::ops::$trait<&Number> for Number {
            type Output = Number;
            fn $method(self, other: &Number) -> Number {
                std::ops::$trait::$method(&self, other)
            }
        }
        impl std::ops::$trait<Number> for &Number {
            type Output = Number;
            fn $method(self, other: Number) -> Number {
                std::ops::$trait::$method(self, &other)
            }
        }
    };
}

forward_binop!(Add, add, |x, y| {
    let (tower, x, y) = x.align(y);
    let num = coeffs::add(
        &coeffs::scale(&x.num, &y.den),
        &coeffs::scale(&y.num, &x.den),
    );
    pad_and_build(tower, num, &x.den * &y.den)
});

forward_binop!(Sub, sub, |x, y| {
    let (tower, x, y) = x.align(y);
    let num = coeffs::sub(
        &coeffs::scale(&x.num, &y.den),
        &coeffs::scale(&y.num, &x.den),
    );
    pad_and_build(tower, num, &x.den * &y.den)
});

forward_binop!(Mul, mul, |x, y| {
    let (tower, x, y) = x.align(y);
    let depth = x.depth().max(y.depth());
    let num = coeffs::mul(&tower.ancestor(depth), &x.num, &y.num);
    pad_and_build(tower, num, &x.den * &y.den)
});

/// Builds a number from coordinates that may be shorter than the tower needs.
fn pad_and_build(tower: Tower, mut num: Vec<BigInt>, den: BigInt) -> Number {
    let depth = num.len().trailing_zeros() as usize;
    num.resize(1 << depth, BigInt::zero());
    Number::from_parts(tower.ancestor(depth), num, den)
}

impl std::ops::Neg for &Number {
    type Output = Number;
    fn neg(self) -> Number {
        Number {
            tower: self.tower.clone(),
            num: self.num.iter().map(|x| -x).collect(),
            den: self.den.clone(),
        }
    }
}

impl std::ops::Neg for Number {
    type Output = Number;
    fn neg(mut self) -> Number {
        self.num.iter_mut().for_each(|x| *x = -std::mem::take(x));
        self
    }
}

impl std::iter::Sum for Number {
    fn sum<I: Iterator<Item = Number>>(iter: I) -> Number {
        iter.fold(Number::zero(), |a, b| a + b)
    }
}
