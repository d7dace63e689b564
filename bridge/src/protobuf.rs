//! Kubernetes' protobuf request bodies, for the kinds kubectl's typed generators create:
//! `kubectl create namespace` and `kubectl create job` send `application/vnd.kubernetes.protobuf`
//! (the `k8s\0` magic, then a `runtime.Unknown` holding the type and the encoded object). This
//! decodes those into the JSON the rest of the API core takes. Only the fields those generators
//! can set are mapped; anything else in the message is ignored, and a kind not listed here is
//! refused with a clear error. Bad input returns an error, never panics.

use sim_core::json::{json, Map, Value};

const MAGIC: &[u8] = b"k8s\0";

/// A field's value on the wire: a varint, or a length-delimited byte string.
enum Wire<'a> {
    Varint(u64),
    Bytes(&'a [u8]),
}

fn varint(b: &[u8], i: &mut usize) -> Result<u64, String> {
    let mut v: u64 = 0;
    for shift in (0..64).step_by(7) {
        let c = *b.get(*i).ok_or("truncated varint")?;
        *i += 1;
        v |= u64::from(c & 0x7f) << shift;
        if c < 0x80 {
            return Ok(v);
        }
    }
    Err("varint too long".into())
}

/// The fields of one message, in wire order.
fn fields(b: &[u8]) -> Result<Vec<(u64, Wire<'_>)>, String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let key = varint(b, &mut i)?;
        let (field, wire_type) = (key >> 3, key & 7);
        let value = match wire_type {
            0 => Wire::Varint(varint(b, &mut i)?),
            2 => {
                let len = usize::try_from(varint(b, &mut i)?).map_err(|_| "length too large")?;
                let end = i.checked_add(len).filter(|e| *e <= b.len()).ok_or("truncated field")?;
                let v = Wire::Bytes(&b[i..end]);
                i = end;
                v
            }
            1 => {
                i = i.checked_add(8).filter(|e| *e <= b.len()).ok_or("truncated field")?;
                continue;
            }
            5 => {
                i = i.checked_add(4).filter(|e| *e <= b.len()).ok_or("truncated field")?;
                continue;
            }
            t => return Err(format!("unsupported wire type {t}")),
        };
        out.push((field, value));
    }
    Ok(out)
}

fn string(w: &Wire) -> Result<String, String> {
    match w {
        Wire::Bytes(b) => String::from_utf8(b.to_vec()).map_err(|_| "a string field is not UTF-8".to_string()),
        Wire::Varint(_) => Err("expected a string field".into()),
    }
}

fn message<'a>(w: &Wire<'a>) -> Result<&'a [u8], String> {
    match w {
        Wire::Bytes(b) => Ok(b),
        Wire::Varint(_) => Err("expected a message field".into()),
    }
}

/// Sets `key` to a non-empty string (Go's JSON leaves empty strings out).
fn put_str(m: &mut Map, key: &str, w: &Wire) -> Result<(), String> {
    let s = string(w)?;
    if !s.is_empty() {
        m.insert(key, Value::String(s.into()));
    }
    Ok(())
}

/// A `map<string, string>` entry (key = 1, value = 2).
fn map_entry(b: &[u8]) -> Result<(String, String), String> {
    let (mut k, mut v) = (String::new(), String::new());
    for (f, w) in fields(b)? {
        match f {
            1 => k = string(&w)?,
            2 => v = string(&w)?,
            _ => {}
        }
    }
    Ok((k, v))
}

fn object_meta(b: &[u8]) -> Result<Value, String> {
    let mut m = Map::new();
    for (f, w) in fields(b)? {
        match f {
            1 => put_str(&mut m, "name", &w)?,
            2 => put_str(&mut m, "generateName", &w)?,
            3 => put_str(&mut m, "namespace", &w)?,
            11 | 12 => {
                let (k, v) = map_entry(message(&w)?)?;
                let key = if f == 11 { "labels" } else { "annotations" };
                m.entry(key).or_insert_with(|| json!({}))[k] = Value::String(v.into());
            }
            _ => {}
        }
    }
    Ok(Value::Object(m))
}

/// `ResourceRequirements`: limits = 1, requests = 2, each `map<string, Quantity{string = 1}>`.
fn resources(b: &[u8]) -> Result<Value, String> {
    let mut m = Map::new();
    for (f, w) in fields(b)? {
        let key = match f {
            1 => "limits",
            2 => "requests",
            _ => continue,
        };
        let mut name = String::new();
        let mut quantity = String::new();
        for (ef, ew) in fields(message(&w)?)? {
            match ef {
                1 => name = string(&ew)?,
                2 => {
                    for (qf, qw) in fields(message(&ew)?)? {
                        if qf == 1 {
                            quantity = string(&qw)?;
                        }
                    }
                }
                _ => {}
            }
        }
        m.entry(key).or_insert_with(|| json!({}))[name] = Value::String(quantity.into());
    }
    Ok(Value::Object(m))
}

fn container(b: &[u8]) -> Result<Value, String> {
    let mut m = Map::new();
    for (f, w) in fields(b)? {
        match f {
            1 => put_str(&mut m, "name", &w)?,
            2 => put_str(&mut m, "image", &w)?,
            3 | 4 => {
                let key = if f == 3 { "command" } else { "args" };
                let s = string(&w)?;
                if let Some(a) = m.entry(key).or_insert_with(|| json!([])).as_array_mut() {
                    a.push(Value::String(s.into()));
                }
            }
            5 => put_str(&mut m, "workingDir", &w)?,
            8 => {
                let r = resources(message(&w)?)?;
                m.insert("resources", r);
            }
            14 => put_str(&mut m, "imagePullPolicy", &w)?,
            _ => {}
        }
    }
    Ok(Value::Object(m))
}

fn pod_spec(b: &[u8]) -> Result<Value, String> {
    let mut m = Map::new();
    for (f, w) in fields(b)? {
        match f {
            2 => {
                let c = container(message(&w)?)?;
                if let Some(a) = m.entry("containers").or_insert_with(|| json!([])).as_array_mut() {
                    a.push(c);
                }
            }
            3 => put_str(&mut m, "restartPolicy", &w)?,
            _ => {}
        }
    }
    Ok(Value::Object(m))
}

fn template(b: &[u8]) -> Result<Value, String> {
    let mut m = Map::new();
    for (f, w) in fields(b)? {
        match f {
            1 => {
                let meta = object_meta(message(&w)?)?;
                if meta.as_object().is_some_and(|o| !o.is_empty()) {
                    m.insert("metadata", meta);
                }
            }
            2 => {
                m.insert("spec", pod_spec(message(&w)?)?);
            }
            _ => {}
        }
    }
    Ok(Value::Object(m))
}

fn job_spec(b: &[u8]) -> Result<Value, String> {
    let mut m = Map::new();
    for (f, w) in fields(b)? {
        let int = |w: &Wire| match w {
            Wire::Varint(v) => Ok(json!(*v as i64)),
            _ => Err("expected a number".to_string()),
        };
        match f {
            1 => {
                m.insert("parallelism", int(&w)?);
            }
            2 => {
                m.insert("completions", int(&w)?);
            }
            6 => {
                m.insert("template", template(message(&w)?)?);
            }
            7 => {
                m.insert("backoffLimit", int(&w)?);
            }
            _ => {}
        }
    }
    Ok(Value::Object(m))
}

/// The JSON object a protobuf request body holds, or why it cannot be read.
pub fn decode(body: &[u8]) -> Result<Value, String> {
    let rest = body.strip_prefix(MAGIC).ok_or("not a Kubernetes protobuf body (no k8s magic)")?;
    let (mut api_version, mut kind, mut raw) = (String::new(), String::new(), &[][..]);
    for (f, w) in fields(rest)? {
        match f {
            1 => {
                for (tf, tw) in fields(message(&w)?)? {
                    match tf {
                        1 => api_version = string(&tw)?,
                        2 => kind = string(&tw)?,
                        _ => {}
                    }
                }
            }
            2 => raw = message(&w)?,
            _ => {}
        }
    }
    let mut obj = json!({"apiVersion": api_version, "kind": kind.clone()});
    for (f, w) in fields(raw)? {
        match (kind.as_str(), f) {
            ("Namespace" | "Job", 1) => obj["metadata"] = object_meta(message(&w)?)?,
            ("Job", 2) => obj["spec"] = job_spec(message(&w)?)?,
            ("Namespace" | "Job", _) => {}
            (other, _) => return Err(format!("the simulator reads protobuf bodies only for Namespace and Job, not {other}; send JSON")),
        }
    }
    if kind != "Namespace" && kind != "Job" {
        return Err(format!("the simulator reads protobuf bodies only for Namespace and Job, not {kind}; send JSON"));
    }
    Ok(obj)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(n: u64, payload: &[u8]) -> Vec<u8> {
        let mut v = vec![(n << 3 | 2) as u8, payload.len() as u8];
        v.extend_from_slice(payload);
        v
    }

    #[test]
    fn a_namespace_as_kubectl_create_sends_it() {
        let type_meta = [field(1, b"v1"), field(2, b"Namespace")].concat();
        let meta = [field(1, b"team-a"), field(2, b""), field(3, b"")].concat();
        let raw = [field(1, &meta), field(2, b"")].concat();
        let body = [MAGIC.to_vec(), field(1, &type_meta), field(2, &raw), field(3, b""), field(4, b"")].concat();
        assert_eq!(decode(&body).unwrap(), json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "team-a"}}));
    }

    #[test]
    fn bad_bodies_are_errors() {
        assert!(decode(b"{}").is_err());
        assert!(decode(b"k8s\0\x0a\x50").is_err());
        assert!(decode(b"k8s\0\x0a\x02\x0a").is_err());
        let type_meta = [field(1, b"v1"), field(2, b"Secret")].concat();
        let body = [MAGIC.to_vec(), field(1, &type_meta), field(2, &field(1, b""))].concat();
        assert!(decode(&body).unwrap_err().contains("not Secret"));
        for n in 0..=255u8 {
            let _ = decode(&[b'k', b'8', b's', 0, n, n, n, n]);
        }
    }

    proptest::proptest! {
        #[test]
        fn no_body_panics(tail in proptest::collection::vec(proptest::num::u8::ANY, 0..200)) {
            let mut body = MAGIC.to_vec();
            body.extend(tail);
            let _ = decode(&body);
        }
    }
}
