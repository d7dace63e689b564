//! Decoding a request body into a kind's Go type, as kube-apiserver's JSON decoder does
//! (`sigs.k8s.io/json`, a fork of `encoding/json`: case-sensitive field names; the first type
//! error is kept and reported at the end; an `UnmarshalJSON` method's error ends the decode at
//! once). The types are data (`Ty`, `Struct`): generated from k8s-openapi's schemas for the
//! built-in kinds (`builtin_types`), written by hand for Kueue's (`kueue_types`).
//!
//! The output is the object as its typed form prints it back: fields the type lacks are dropped
//! (and listed with their paths, for strict field validation), nulls are omitted, a required
//! field that is missing is present with its zero value (Go prints fields without `omitempty`),
//! timestamps are printed in UTC.

use super::go_time;
use crate::json::{Map, Number, Value};

/// A Go type as the decoder sees it.
#[derive(Debug)]
pub enum Ty {
    String,
    Bool,
    Int32,
    Int64,
    /// `[]byte`: a base64 string.
    Bytes,
    /// `resource.Quantity` (its own `UnmarshalJSON`: a string or a number).
    Quantity,
    /// `intstr.IntOrString`.
    IntOrString,
    /// `metav1.Time`.
    Time,
    /// `metav1.MicroTime`.
    MicroTime,
    /// Any JSON, kept as it is (`FieldsV1`, `RawExtension`, fields the simulator does not type).
    Raw,
    Struct(&'static Struct),
    Slice(&'static Ty),
    Map(&'static Ty),
}

/// A Go struct: its type name as `reflect` prints it (`v1.PodSpec`) and its JSON fields,
/// sorted by name.
#[derive(Debug)]
pub struct Struct {
    pub name: &'static str,
    pub fields: &'static [Field],
}

#[derive(Debug)]
pub struct Field {
    pub name: &'static str,
    pub ty: Ty,
    /// Printed even when unset (no `omitempty` in Go; required in the OpenAPI schema).
    pub required: bool,
}

impl Struct {
    pub fn field(&self, name: &str) -> Option<&'static Field> {
        let fields: &'static [Field] = self.fields;
        fields.binary_search_by(|f| crate::json::text_cmp(f.name, name)).ok().map(|i| &fields[i])
    }

    /// `PodSpec` of `v1.PodSpec`: how an error names the struct a field belongs to.
    fn short_name(&self) -> &'static str {
        self.name.rsplit('.').next().unwrap_or(self.name)
    }
}

impl Ty {
    /// The type as Go's `reflect.Type.String` prints it.
    pub fn go_name(&self) -> String {
        match self {
            Ty::String => "string".into(),
            Ty::Bool => "bool".into(),
            Ty::Int32 => "int32".into(),
            Ty::Int64 => "int64".into(),
            Ty::Bytes => "[]uint8".into(),
            Ty::Quantity => "resource.Quantity".into(),
            Ty::IntOrString => "intstr.IntOrString".into(),
            Ty::Time => "v1.Time".into(),
            Ty::MicroTime => "v1.MicroTime".into(),
            Ty::Raw => "interface {}".into(),
            Ty::Struct(s) => s.name.into(),
            Ty::Slice(t) => format!("[]{}", t.go_name()),
            Ty::Map(t) => format!("map[string]{}", t.go_name()),
        }
    }

    /// What the typed form prints for a required field that was not given: Go's zero value.
    fn zero(&self) -> Value {
        match self {
            Ty::String | Ty::Bytes | Ty::Quantity => Value::String(String::new().into()),
            Ty::Bool => Value::Bool(false),
            Ty::Int32 | Ty::Int64 | Ty::IntOrString => Value::from(0),
            Ty::Time => Value::String("1970-01-01T00:00:00Z".into()),
            Ty::MicroTime => Value::String("1970-01-01T00:00:00.000000Z".into()),
            Ty::Raw => Value::Null,
            Ty::Struct(s) => Value::Object(s.fields.iter().filter(|f| f.required).map(|f| (f.name.to_string(), f.ty.zero())).collect()),
            Ty::Slice(_) => Value::Array(crate::json::Array::new()),
            Ty::Map(_) => Value::Object(Map::new()),
        }
    }
}

/// The decoded object and the fields it dropped (`spec.template.spec.containers[0].foo`).
#[derive(Debug)]
pub struct Decoded {
    pub object: Value,
    pub unknown: Vec<String>,
}

/// Decodes `input` (an object) as `root`; the error is Go's text.
pub fn decode(root: &'static Struct, input: &Value) -> Result<Decoded, String> {
    let mut d = Decoder { saved: None, unknown: Vec::new(), path: Vec::new() };
    let object = d.value(&Ty::Struct(root), input)?.unwrap_or_else(|| Value::Object(Map::new()));
    match d.saved {
        Some(e) => Err(e),
        None => Ok(Decoded { object, unknown: d.unknown }),
    }
}

/// One step of the path from the root: a struct's field (with the struct) or an index / map key.
enum Step {
    Field(&'static str, &'static Struct),
    Index(usize),
    Key(String),
}

struct Decoder {
    /// The first type error (`d.saveError`): decoding goes on, the error is returned at the end.
    saved: Option<String>,
    unknown: Vec<String>,
    path: Vec<Step>,
}

/// An error that ends the decode at once (an `UnmarshalJSON` method's).
type Fatal = String;

fn json_kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "bool",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// A float as Go's `encoding/json` writes it (kubectl sends what it wrote): `1.5`, `1e+21`.
fn go_float(f: f64) -> String {
    let abs = f.abs();
    if abs != 0.0 && !(1e-6..1e21).contains(&abs) {
        let s = format!("{f:e}");
        match s.split_once('e') {
            Some((m, e)) if !e.starts_with('-') => format!("{m}e+{e}"),
            _ => s,
        }
    } else {
        format!("{f}")
    }
}

/// The literal of a number as Go would read it, and its value if it is an integer in `range`.
fn integer(n: &Number, min: i64, max: i64) -> Result<i64, String> {
    if let Some(i) = n.as_i64() {
        return if (min..=max).contains(&i) { Ok(i) } else { Err(i.to_string()) };
    }
    if let Some(u) = n.as_u64() {
        return Err(u.to_string());
    }
    let f = n.as_f64().unwrap_or(f64::NAN);
    // kubectl turns YAML's `2.0` into JSON's `2`, which Go reads as an integer.
    if f.fract() == 0.0 && f >= min as f64 && f <= max as f64 {
        Ok(f as i64)
    } else {
        Err(go_float(f))
    }
}

impl Decoder {
    /// `json: cannot unmarshal <what> into Go struct field <Struct>.<a.b.c> of type <T>`.
    fn type_error(&mut self, what: &str, ty: &Ty) {
        if self.saved.is_some() {
            return;
        }
        let fields: Vec<&str> = self.path.iter().filter_map(|s| if let Step::Field(name, _) = s { Some(*name) } else { None }).collect();
        let owner = self.path.iter().rev().find_map(|s| if let Step::Field(_, owner) = s { Some(*owner) } else { None });
        self.saved = Some(match owner {
            Some(owner) => format!(
                "json: cannot unmarshal {what} into Go struct field {}.{} of type {}",
                owner.short_name(),
                fields.join("."),
                ty.go_name()
            ),
            None => format!("json: cannot unmarshal {what} into Go value of type {}", ty.go_name()),
        });
    }

    fn path_text(&self, last: &str) -> String {
        let mut out = String::new();
        for step in &self.path {
            match step {
                Step::Field(name, _) => {
                    if !out.is_empty() {
                        out.push('.');
                    }
                    out.push_str(name);
                }
                Step::Key(k) => {
                    if !out.is_empty() {
                        out.push('.');
                    }
                    out.push_str(k);
                }
                Step::Index(i) => out.push_str(&format!("[{i}]")),
            }
        }
        if !out.is_empty() {
            out.push('.');
        }
        out.push_str(last);
        out
    }

    /// The decoded value, `None` for a null (omitted from its object).
    fn value(&mut self, ty: &Ty, v: &Value) -> Result<Option<Value>, Fatal> {
        if v.is_null() {
            return Ok(None);
        }
        Ok(Some(match (ty, v) {
            (Ty::Raw, v) => v.clone(),
            (Ty::String, Value::String(_)) | (Ty::Bool, Value::Bool(_)) => v.clone(),
            (Ty::Int32 | Ty::Int64, Value::Number(n)) => {
                let (min, max) = if matches!(ty, Ty::Int32) { (i32::MIN.into(), i32::MAX.into()) } else { (i64::MIN, i64::MAX) };
                match integer(n, min, max) {
                    Ok(i) => Value::from(i),
                    Err(literal) => {
                        self.type_error(&format!("number {literal}"), ty);
                        return Ok(None);
                    }
                }
            }
            (Ty::Bytes, Value::String(s)) => {
                if let Err(at) = check_base64(s) {
                    if self.saved.is_none() {
                        self.saved = Some(format!("illegal base64 data at input byte {at}"));
                    }
                }
                v.clone()
            }
            (Ty::Quantity, Value::String(_)) => v.clone(),
            (Ty::Quantity, Value::Number(n)) => Value::String(n.to_string().into()),
            // Quantity's UnmarshalJSON parses the raw text, which no quantity starts like.
            (Ty::Quantity, _) => return Err(super::quantity::QUANTITY_ERROR.to_string()),
            (Ty::IntOrString, Value::String(_)) => v.clone(),
            (Ty::IntOrString, v) => {
                // IntOrString's UnmarshalJSON reads anything but a string as an int32.
                let as_int = match v {
                    Value::Number(n) => integer(n, i32::MIN.into(), i32::MAX.into()).map_err(|l| format!("number {l}")),
                    other => Err(json_kind(other).to_string()),
                };
                match as_int {
                    Ok(i) => Value::from(i),
                    Err(what) => return Err(format!("json: cannot unmarshal {what} into Go value of type int32")),
                }
            }
            (Ty::Time | Ty::MicroTime, v) => {
                let layout = if matches!(ty, Ty::Time) { go_time::RFC3339 } else { go_time::RFC3339_MICRO };
                let Value::String(s) = v else {
                    return Err(format!("json: cannot unmarshal {} into Go value of type string", json_kind(v)));
                };
                Value::String(go_time::format(layout, &go_time::parse(layout, s)?).into())
            }
            (Ty::Slice(elem), Value::Array(items)) => {
                let mut out = Vec::with_capacity(items.len());
                for (i, item) in items.iter().enumerate() {
                    self.path.push(Step::Index(i));
                    let decoded = self.value(elem, item);
                    self.path.pop();
                    out.push(decoded?.unwrap_or_else(|| elem.zero()));
                }
                Value::Array(out.into())
            }
            // Members are gathered and made a map at once (`json::Map` holds no spare room).
            (Ty::Map(elem), Value::Object(m)) => {
                let mut out = Vec::with_capacity(m.len());
                let mut same = true;
                for (k, item) in m {
                    self.path.push(Step::Key(k.to_string()));
                    let decoded = self.value(elem, item);
                    self.path.pop();
                    let d = decoded?.unwrap_or_else(|| elem.zero());
                    same &= d == *item;
                    out.push((*k, d));
                }
                if same {
                    v.clone()
                } else {
                    Value::Object(Map::from_members(out))
                }
            }
            (Ty::Struct(s), Value::Object(m)) => {
                let mut out = Vec::with_capacity(m.len());
                // Whether every member came out as it went in: the object is then the input's
                // own (shared), not a copy built member by member.
                let mut same = true;
                for (k, item) in m {
                    let Some(field) = s.field(k) else {
                        if !item.is_null() {
                            let path = self.path_text(k);
                            self.unknown.push(path);
                        }
                        same = false;
                        continue;
                    };
                    self.path.push(Step::Field(field.name, s));
                    let decoded = self.value(&field.ty, item);
                    self.path.pop();
                    match decoded? {
                        Some(d) => {
                            same &= d == *item;
                            out.push((*k, d));
                        }
                        None => same = false,
                    }
                }
                for f in s.fields.iter().filter(|f| f.required) {
                    if !out.iter().any(|(k, _)| k == f.name) {
                        out.push((f.name.into(), f.ty.zero()));
                        same = false;
                    }
                }
                if same {
                    v.clone()
                } else {
                    Value::Object(Map::from_members(out))
                }
            }
            (ty, v) => {
                self.type_error(json_kind(v), ty);
                return Ok(None);
            }
        }))
    }
}

/// Go's `base64.StdEncoding` (padded; CR and LF ignored): the offset of the first bad byte.
fn check_base64(s: &str) -> Result<(), usize> {
    let b = s.as_bytes();
    let alphabet = |c: u8| c.is_ascii_alphanumeric() || c == b'+' || c == b'/';
    let mut quantum = 0; // characters read in the current group of four
    let mut start = 0; // where the current group began
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'\r' || c == b'\n' {
            i += 1;
            continue;
        }
        if quantum == 0 {
            start = i;
        }
        if c == b'=' {
            // Padding: only in the last two places of the final group, and then nothing else.
            if quantum < 2 {
                return Err(i);
            }
            let need = 4 - quantum;
            let mut seen = 0;
            let mut j = i;
            while j < b.len() && seen < need {
                match b[j] {
                    b'\r' | b'\n' => {}
                    b'=' => seen += 1,
                    _ => return Err(j),
                }
                j += 1;
            }
            if seen < need {
                return Err(b.len());
            }
            while j < b.len() && (b[j] == b'\r' || b[j] == b'\n') {
                j += 1;
            }
            return if j < b.len() { Err(j) } else { Ok(()) };
        }
        if !alphabet(c) {
            return Err(i);
        }
        quantum = (quantum + 1) % 4;
        i += 1;
    }
    if quantum != 0 {
        return Err(start);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::json;

    static CONTAINER_PORT: Struct = Struct {
        name: "v1.ContainerPort",
        fields: &[Field { name: "containerPort", ty: Ty::Int32, required: true }, Field { name: "name", ty: Ty::String, required: false }],
    };
    static POD: Struct = Struct {
        name: "v1.Thing",
        fields: &[
            Field { name: "labels", ty: Ty::Map(&Ty::String), required: false },
            Field { name: "ports", ty: Ty::Slice(&Ty::Struct(&CONTAINER_PORT)), required: false },
            Field { name: "since", ty: Ty::Time, required: false },
            Field { name: "size", ty: Ty::Quantity, required: false },
            Field { name: "target", ty: Ty::IntOrString, required: false },
        ],
    };

    #[test]
    fn fields_are_pruned_listed_and_zeroed() {
        let d = decode(&POD, &json!({"ports": [{"name": "http", "foo": 1}], "bar": {"x": 1}, "gone": null, "size": 2})).unwrap();
        assert_eq!(d.object, json!({"ports": [{"name": "http", "containerPort": 0}], "size": "2"}));
        assert_eq!(d.unknown, vec!["bar".to_string(), "ports[0].foo".to_string()]);
    }

    #[test]
    fn type_errors_are_gos() {
        let e = |v: Value| decode(&POD, &v).unwrap_err();
        assert_eq!(
            e(json!({"ports": [{"containerPort": "80"}]})),
            "json: cannot unmarshal string into Go struct field ContainerPort.ports.containerPort of type int32"
        );
        assert_eq!(
            e(json!({"ports": [{"containerPort": 1.5}]})),
            "json: cannot unmarshal number 1.5 into Go struct field ContainerPort.ports.containerPort of type int32"
        );
        assert_eq!(
            e(json!({"ports": [{"containerPort": 3000000000u64}]})),
            "json: cannot unmarshal number 3000000000 into Go struct field ContainerPort.ports.containerPort of type int32"
        );
        assert_eq!(e(json!({"labels": {"a": 1}})), "json: cannot unmarshal number into Go struct field Thing.labels of type string");
        assert_eq!(
            e(json!({"ports": {"a": 1}})),
            "json: cannot unmarshal object into Go struct field Thing.ports of type []v1.ContainerPort"
        );
        assert_eq!(e(json!({"ports": ["x"]})), "json: cannot unmarshal string into Go struct field Thing.ports of type v1.ContainerPort");
        assert_eq!(e(json!({"target": true})), "json: cannot unmarshal bool into Go value of type int32");
        assert_eq!(e(json!({"size": true})), super::super::quantity::QUANTITY_ERROR);
        assert_eq!(e(json!({"since": 5})), "json: cannot unmarshal number into Go value of type string");
        // The first type error is kept, but a method's error ends the decode and wins.
        assert_eq!(e(json!({"labels": {"a": 1}, "since": "now"})).split(':').next(), Some("parsing time \"now\" as \"2006-01-02T15"));
        // An integral float is an integer (kubectl writes YAML's 2.0 as 2).
        assert_eq!(decode(&POD, &json!({"ports": [{"containerPort": 80.0}]})).unwrap().object["ports"][0]["containerPort"], json!(80));
    }

    #[test]
    fn go_floats_and_base64() {
        assert_eq!(go_float(1.5), "1.5");
        assert_eq!(go_float(1e21), "1e+21");
        assert_eq!(go_float(1.5e-7), "1.5e-7");
        assert_eq!(check_base64("aGVsbG8="), Ok(()));
        assert_eq!(check_base64("aGVsbG8"), Err(4));
        assert_eq!(check_base64("aGV*bG8="), Err(3));
        assert_eq!(check_base64("aGVsbA==x"), Err(8));
    }
}
